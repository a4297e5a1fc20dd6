/** The editor's notation and shortcuts, folded away until asked for. */
export function EditorHelp() {
  return (
    <details className="ed-help">
      <summary>Notation and shortcuts</summary>
      <h3>Plain JSON</h3>
      <p>
        Types follow the JSON: a string is S, a number N, true/false BOOL, null NULL, [...] a list (L), {'{...}'} a map (M). Numbers keep the exact digits you type (up
        to DynamoDB&apos;s 38), never rounded.
      </p>
      <ul>
        <li>
          String set: <code>{'{"$SS": ["red", "blue"]}'}</code>
        </li>
        <li>
          Number set: <code>{'{"$NS": [1, 2.5]}'}</code>
        </li>
        <li>
          Binary (base64): <code>{'{"$B": "AAEC"}'}</code>; binary set: <code>{'{"$BS": ["AAE=", "Ag=="]}'}</code>
        </li>
        <li>
          A map whose only member is named $SS, $NS, $BS, $B or $M is written inside <code>{'{"$M": {...}}'}</code>.
        </li>
      </ul>
      <h3>DynamoDB JSON</h3>
      <p>
        Every value names its type, as DynamoDB&apos;s API takes it: <code>{'{"price": {"N": "12.50"}, "tags": {"SS": ["a"]}}'}</code>. Switching between the two loses
        nothing.
      </p>
      <h3>Shortcuts</h3>
      <dl className="ed-keys">
        <dt>
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>S</kbd>
        </dt>
        <dd>Review and save</dd>
        <dt>
          <kbd>Esc</kbd>
        </dt>
        <dd>Close the dialog on top</dd>
        <dt>
          <kbd>Enter</kbd> or double-click on a row
        </dt>
        <dd>Open the item (Shift+Enter expands the active cell)</dd>
      </dl>
    </details>
  );
}
