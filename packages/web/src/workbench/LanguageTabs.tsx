/** The program-language tabs (TypeScript, Python, AWS CLI, Java, Go): arrow keys move between them, as a tablist should. */
import { useRef, type KeyboardEvent } from 'react';
import { PROGRAM_LANGUAGES, type ProgramLanguage } from './expression-view.js';

interface LanguageTabsProps {
  /** Prefix of the tab ids; the program's panel is `${idPrefix}-program`. */
  readonly idPrefix: string;
  readonly language: ProgramLanguage;
  readonly onChange: (language: ProgramLanguage) => void;
  readonly className: string;
}

export function LanguageTabs({ idPrefix, language, onChange, className }: LanguageTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + PROGRAM_LANGUAGES.length) % PROGRAM_LANGUAGES.length;
    onChange(PROGRAM_LANGUAGES[next]!.id);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Program language" className={className}>
      {PROGRAM_LANGUAGES.map((option, index) => (
        <button
          key={option.id}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${option.id}`}
          aria-selected={language === option.id}
          aria-controls={`${idPrefix}-program`}
          tabIndex={language === option.id ? 0 : -1}
          onClick={() => onChange(option.id)}
          onKeyDown={(event) => onTabKey(event, index)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
