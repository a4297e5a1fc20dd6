/** Edits this item had when the page was last left, offered back. */
export function DraftOffer({ onRestore, onDiscard }: { readonly onRestore: () => void; readonly onDiscard: () => void }) {
  return (
    <div className="ed-explain" role="note" aria-label="Unsaved edits from before">
      <p>This item had edits that were not saved when the page was reloaded or closed.</p>
      <div className="wb-row">
        <button type="button" className="primary" onClick={onRestore}>
          Restore your unsaved edits
        </button>
        <button type="button" onClick={onDiscard}>
          Start from the item as loaded
        </button>
      </div>
    </div>
  );
}
