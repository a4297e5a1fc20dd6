/**
 * The pages of the Design area, in the order of their navigation: the one
 * table the router (their URLs), the navigation, the command palette and the
 * area itself read. The first page is the area's own URL, `/design`.
 *
 * The router imports this file, so it names each page's component only through
 * a dynamic import: every page is its own chunk, loaded when it is opened.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ConnectionInfo } from '../api/types.js';
import { lazyPart } from '../app/lazy-part.js';

/** What the area hands every page (each takes what it needs). */
interface DesignPageProps {
  readonly connections: readonly ConnectionInfo[];
}

type LoadPage = () => Promise<ComponentType<DesignPageProps>>;

interface DesignPageEntry<Id extends string> {
  /** Its URL segment, `/design/<id>`, and its palette command's id. */
  readonly id: Id;
  /** Its name in the navigation and the palette. */
  readonly title: string;
  /** Fetches its chunk (the app preloads it while idle). */
  readonly load: LoadPage;
  readonly Component: LazyExoticComponent<ComponentType<DesignPageProps>>;
}

function designPage<const Id extends string>(id: Id, title: string, load: LoadPage): DesignPageEntry<Id> {
  return { id, title, load, Component: lazyPart(load) };
}

export const DESIGN_PAGES = [
  designPage('model', 'Model designer', () => import('../designer/DesignerPage.js').then((module) => module.DesignerPage)),
  designPage('verify', 'Verify on a table', () => import('../verify/VerifyPage.js').then((module) => module.VerifyPage)),
  designPage('apply', 'Apply to a connection', () => import('../apply/ApplyPage.js').then((module) => module.ApplyPage)),
  designPage('pricing', 'Pricing calculator', () => import('../pricing/PricingPage.js').then((module) => module.PricingPage)),
  designPage('expressions', 'Expression builder', () => import('../expressions/ExpressionsPage.js').then((module) => module.ExpressionsPage)),
  designPage('codegen', 'Query builder (code)', () => import('../codegen/CodegenPage.js').then((module) => module.CodegenPage)),
] as const;

export type DesignPageId = (typeof DESIGN_PAGES)[number]['id'];
type DesignPageInfo = (typeof DESIGN_PAGES)[number];

export function designPageInfo(id: DesignPageId): DesignPageInfo {
  return DESIGN_PAGES.find((page) => page.id === id) ?? DESIGN_PAGES[0];
}
