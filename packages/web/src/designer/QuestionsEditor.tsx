/**
 * The access patterns in words, one input each: Enter adds the next, Backspace
 * on an empty one removes it. Under each, how the grammar read it, or what it
 * understood and which words it did not, with what it would read instead.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { QuestionReading } from './design-api.js';
import { newId } from './entity-drafts.js';
import type { QuestionLine } from './questions.js';

export type Readings = ReadonlyMap<string, QuestionReading>;

interface QuestionsEditorProps {
  readonly lines: readonly QuestionLine[];
  readonly readings: Readings;
  readonly onChange: (lines: QuestionLine[]) => void;
}

function ReadingNote({ id, reading }: { readonly id: string; readonly reading: QuestionReading | undefined }) {
  if (reading === undefined) return <p id={id} className="question-note muted" />;
  if (reading.ok) {
    return (
      <p id={id} className="question-note muted">
        Reads as: {reading.meaning.reading}
      </p>
    );
  }
  return (
    <p id={id} className="question-note question-unread">
      {reading.understood !== '' && (
        <>
          Understood: <q>{reading.understood}</q>.{' '}
        </>
      )}
      {reading.notUnderstood.length > 0 ? (
        <>
          Not understood:{' '}
          {reading.notUnderstood.map((word, index) => (
            <span key={`${word}-${index}`}>
              {index > 0 && ', '}
              <mark>{word}</mark>
              {reading.suggestions?.[word] !== undefined && <> (did you mean “{reading.suggestions[word]}”?)</>}
            </span>
          ))}
        </>
      ) : (
        reading.message
      )}
    </p>
  );
}

export function QuestionsEditor({ lines, readings, onChange }: QuestionsEditorProps) {
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusId, setFocusId] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (focusId === undefined) return;
    inputs.current.get(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId, lines]);

  const insertAfter = (index: number) => {
    const line = { id: newId(), text: '' };
    onChange([...lines.slice(0, index + 1), line, ...lines.slice(index + 1)]);
    setFocusId(line.id);
  };

  const remove = (index: number) => {
    const next = lines.filter((_, at) => at !== index);
    onChange(next);
    const neighbour = next[Math.max(0, index - 1)];
    if (neighbour !== undefined) setFocusId(neighbour.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      insertAfter(index);
    } else if (event.key === 'Backspace' && lines[index]!.text === '' && lines.length > 1) {
      event.preventDefault();
      remove(index);
    }
  };

  return (
    <section className="designer-questions" aria-labelledby="designer-questions-heading">
      <h2 id="designer-questions-heading">Access patterns</h2>
      <p className="muted">One question per line, in words: “list matches by player, newest first”. Enter adds the next.</p>
      <ol className="question-list">
        {lines.map((line, index) => {
          const noteId = `question-note-${line.id}`;
          const text = line.text.trim();
          return (
            <li key={line.id}>
              <div className="question-row">
                <input
                  ref={(element) => {
                    if (element === null) inputs.current.delete(line.id);
                    else inputs.current.set(line.id, element);
                  }}
                  type="text"
                  className="question-input"
                  aria-label={`Access pattern ${index + 1}`}
                  aria-describedby={noteId}
                  value={line.text}
                  placeholder="get player by id"
                  spellCheck={false}
                  onChange={(event) => onChange(lines.map((each) => (each.id === line.id ? { ...each, text: event.target.value } : each)))}
                  onKeyDown={(event) => onKeyDown(event, index)}
                />
                <button type="button" className="icon-button" aria-label={`Remove access pattern ${index + 1}`} onClick={() => remove(index)}>
                  ×
                </button>
              </div>
              <ReadingNote id={noteId} reading={text === '' ? undefined : readings.get(text)} />
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => insertAfter(lines.length - 1)}>
        Add access pattern
      </button>
    </section>
  );
}
