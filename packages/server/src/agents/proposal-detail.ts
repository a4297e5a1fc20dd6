/**
 * What a person reviews before approving: the exact request (the route's
 * preview, taken at staging), and for an item write the item before and after
 * as the editor's diff shows them, the item as it is now (an update proposed
 * against an item that changed since will fail, not overwrite), and how the
 * table is billed, for the cost line. A transaction shows the same, action
 * by action: each item now and as the action leaves it.
 */
import { itemToWire, type WireItem } from '@dynotable/core';
import type { ServerContext } from '../api/context.js';
import { tableInPath } from '../api/path-params.js';
import { getItem } from '../data/items/read.js';
import { getParams } from '../data/items/read-requests.js';
import { changedAttributes, keyOf } from '../data/items/minimal-update.js';
import type { DeleteInput, PutInput, UpdateInput } from '../data/items/write-schemas.js';
import { keyAttributes, type TableShape } from '../data/table-description.js';
import { readWire, readWireForWrite } from '../data/wire-input.js';
import type { ProposalItemSides, ProposalKind, ProposalView, TransactionItemSides } from './proposal-types.js';
import type { TransactionPlan } from './transaction.js';
import { transactionSides } from './transaction-sides.js';

type ItemSides = ProposalItemSides;

export interface ProposalDetail {
  readonly proposal: ProposalView;
  /** The input as the route read it: what approving sends to the route. */
  readonly input: unknown;
  /** The route's preview: `{ request, changed? }` for an item write and a transaction, `{ plan, existing }` for an apply. */
  readonly preview: unknown;
  readonly item?: ItemSides;
  /** A pending transaction: each action's item now and after. */
  readonly items?: readonly TransactionItemSides[];
  readonly table?: { readonly tableClass: TableShape['tableClass']; readonly billingMode: TableShape['billingMode'] };
}

interface StagedProposal {
  readonly view: ProposalView;
  readonly kind: ProposalKind;
  readonly input: unknown;
  readonly preview: unknown;
  readonly plan?: TransactionPlan;
}

function keyOfWrite(kind: 'put' | 'update' | 'delete', input: unknown, keyNames: readonly string[]): WireItem {
  if (kind === 'put') return itemToWire(keyOf(readWireForWrite((input as PutInput).Item), [...keyNames]));
  if (kind === 'update') return (input as UpdateInput).key as WireItem;
  return (input as DeleteInput).Key as WireItem;
}

function differs(a: WireItem | undefined, b: WireItem | undefined): boolean {
  if (a === undefined || b === undefined) return a !== b;
  return changedAttributes(readWire(a), readWire(b)).length > 0;
}

async function itemSides(context: ServerContext, proposal: StagedProposal & { kind: 'put' | 'update' | 'delete' }, signal: AbortSignal) {
  const { client, table } = await tableInPath(context, { connectionId: proposal.view.connection, table: proposal.view.table }, signal);
  const keyNames = keyAttributes(table);
  const key = keyOfWrite(proposal.kind, proposal.input, keyNames);
  const current = (await getItem(client, getParams(table.name, { Key: key, ConsistentRead: true }), signal)).item;
  const now = current !== undefined ? { current } : {};
  const pricing = { tableClass: table.tableClass, billingMode: table.billingMode };
  if (proposal.kind === 'update') {
    const { before, after } = proposal.input as UpdateInput;
    return { item: { keyNames, key, before: before as WireItem, after: after as WireItem, ...now, changedSince: differs(before as WireItem, current) }, table: pricing };
  }
  const after = proposal.kind === 'put' ? { after: (proposal.input as PutInput).Item as WireItem } : {};
  return { item: { keyNames, key, ...now, ...(current !== undefined ? { before: current } : {}), ...after, changedSince: false }, table: pricing };
}

export async function proposalDetail(context: ServerContext, proposal: StagedProposal, signal: AbortSignal): Promise<ProposalDetail> {
  const base = { proposal: proposal.view, input: proposal.input, preview: proposal.preview };
  // A decided proposal is shown as it was decided; only a pending one is compared with the table now.
  if (proposal.kind === 'apply-model' || proposal.view.status !== 'pending') return base;
  if (proposal.kind === 'transaction') {
    if (proposal.plan === undefined) return base;
    return { ...base, items: await transactionSides(context.connections.get(proposal.view.connection).client, proposal.plan, signal) };
  }
  return { ...base, ...(await itemSides(context, { ...proposal, kind: proposal.kind }, signal)) };
}
