/** The names of the model tools' pages, shared by their navigation and the command palette. */
import type { DesignPage } from '../app/router.js';

export const DESIGN_PAGE_TITLES: Record<DesignPage, string> = {
  model: 'Model designer',
  verify: 'Verify on a table',
  pricing: 'Pricing calculator',
  expressions: 'Expression builder',
  codegen: 'Query builder (code)',
};
