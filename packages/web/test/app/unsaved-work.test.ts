/** What closing a tab or leaving an area would lose, asked of the holders registered under its scope. */
import { describe, expect, it } from 'vitest';
import { registerUnsavedWork, unsavedWork } from '../../src/app/unsaved-work.js';
import { DESIGN_SCOPE, TABLES_SCOPE, tabScope } from '../../src/app/work-scopes.js';

describe('unsaved work by scope', () => {
  it('names what one tab would lose, and nothing of another tab or area', () => {
    let edited = true;
    const audit = tabScope({ connectionId: 'e', table: 'AuditLog' });
    const offEditor = registerUnsavedWork(`${audit}item-editor:1`, () => (edited ? 'Unsaved edits to the item PK = A in AuditLog' : null));
    const offModel = registerUnsavedWork(`${DESIGN_SCOPE}model`, () => 'Unsaved changes to the model shop');
    expect(unsavedWork(audit)).toEqual(['Unsaved edits to the item PK = A in AuditLog']);
    expect(unsavedWork(tabScope({ connectionId: 'e', table: 'TicketDesk' }))).toEqual([]);
    expect(unsavedWork(TABLES_SCOPE)).toEqual(['Unsaved edits to the item PK = A in AuditLog']);
    expect(unsavedWork(DESIGN_SCOPE)).toEqual(['Unsaved changes to the model shop']);
    // Saved: nothing to ask about.
    edited = false;
    expect(unsavedWork(audit)).toEqual([]);
    offEditor();
    offModel();
    expect(unsavedWork()).toEqual([]);
  });
});
