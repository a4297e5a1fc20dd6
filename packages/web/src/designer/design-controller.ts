/**
 * What runs between a keystroke and the proposal, outside React so that no
 * render or effect sits on that path: each new question is read (for its
 * note), the questions the grammar cannot read are left out, and the design
 * is asked for (latest wins). The page renders what `onReadings` and `onDesign` hand it.
 */
import type { DesignAnswer, QuestionReading } from './design-api.js';
import { designRequestFor, type DesignRequest } from './design-request.js';
import type { EntityDraft } from './entity-drafts.js';
import { latestWins } from './latest-wins.js';

interface DesignInput {
  readonly name: string;
  readonly questions: readonly string[];
  readonly entities: readonly EntityDraft[];
}

export interface DesignState {
  readonly answer: DesignAnswer | undefined;
  /** Why the latest input could not be designed (the answer shown is then an earlier one). */
  readonly error: unknown;
}

export interface DesignServices {
  readonly read: (question: string) => Promise<QuestionReading>;
  readonly design: (request: DesignRequest) => Promise<DesignAnswer>;
  readonly onReadings: (readings: ReadonlyMap<string, QuestionReading>) => void;
  readonly onDesign: (update: (previous: DesignState) => DesignState) => void;
  /** A PatternError is said under its question, not as the design's error. */
  readonly isQuestionError?: (error: unknown) => boolean;
  /** Whether a question reads, known without a call; without it the design waits for the readings. */
  readonly readsHere?: (question: string) => boolean;
}

export interface DesignController {
  update(input: DesignInput): void;
  close(): void;
}

/** Enough for a long session of typing; older texts are read again if they come back. */
const KEEP = 2000;

export function designController(services: DesignServices): DesignController {
  const readings = new Map<string, QuestionReading>();
  const asked = new Set<string>();
  let latest: DesignInput | undefined;
  let closed = false;
  const calls = latestWins<DesignRequest, DesignAnswer>(services.design, (_request, outcome) =>
    services.onDesign((previous) =>
      outcome.ok
        ? { answer: outcome.value, error: undefined }
        : { answer: previous.answer, error: services.isQuestionError?.(outcome.error) === true ? undefined : outcome.error },
    ),
  );

  const plan = () => {
    if (latest === undefined || closed) return;
    const { readsHere } = services;
    if (readsHere === undefined && latest.questions.some((question) => !readings.has(question))) return;
    const readable = latest.questions.filter((question) => (readsHere !== undefined ? readsHere(question) : readings.get(question)?.ok === true));
    const request = designRequestFor(latest.name, readable, latest.entities);
    if (request !== undefined) {
      calls.submit(request);
      return;
    }
    calls.reset();
    services.onDesign(() => ({ answer: undefined, error: undefined }));
  };

  const learn = (question: string, reading: QuestionReading) => {
    asked.delete(question);
    if (readings.size > KEEP) readings.clear();
    readings.set(question, reading);
    if (closed) return;
    services.onReadings(new Map(readings));
    plan();
  };

  return {
    update(input) {
      latest = input;
      for (const question of input.questions) {
        if (readings.has(question) || asked.has(question)) continue;
        asked.add(question);
        services.read(question).then(
          (reading) => learn(question, reading),
          // Not a reading: the design call then reports what is wrong with the server.
          (error: unknown) => learn(question, { ok: false, message: error instanceof Error ? error.message : String(error), understood: '', notUnderstood: [] }),
        );
      }
      plan();
    },
    close() {
      closed = true;
      calls.close();
    },
  };
}
