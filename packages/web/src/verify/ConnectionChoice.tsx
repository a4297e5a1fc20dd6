/** Every connection with its kind, where it points and its safety mode; AWS marked as a real, billed account. */
import type { ConnectionInfo } from '../api/types.js';
import { canVerifyOn, kindLabel, safetyLabel, whereLabel } from './connection-labels.js';

interface ConnectionChoiceProps {
  readonly connections: readonly ConnectionInfo[];
  readonly chosen: ConnectionInfo | undefined;
  readonly onChoose: (id: string) => void;
  readonly disabled: boolean;
}

export function ConnectionChoice({ connections, chosen, onChoose, disabled }: ConnectionChoiceProps) {
  if (connections.length === 0) return <p className="muted">No connection yet: add one from the connection switcher.</p>;
  return (
    <fieldset className="verify-connections" disabled={disabled}>
      <legend>Connection</legend>
      <ul>
        {connections.map((connection) => {
          const id = `verify-connection-${connection.id}`;
          const where = whereLabel(connection);
          return (
            <li key={connection.id} className={connection.kind === 'aws' ? 'verify-connection verify-aws' : 'verify-connection'}>
              <input type="radio" id={id} name="verify-connection" value={connection.id} checked={chosen?.id === connection.id} onChange={() => onChoose(connection.id)} />
              <label htmlFor={id}>
                <span className="verify-connection-name">{connection.name}</span>
                <span className="verify-kind">{kindLabel(connection.kind)}</span>
                {where !== '' && <span className="muted">{where}</span>}
                <span className={canVerifyOn(connection) ? 'muted' : 'verify-refused'}>{safetyLabel(connection.safety)}</span>
                {connection.kind === 'aws' && <strong className="verify-aws-note">AWS account: real tables, billed writes</strong>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
