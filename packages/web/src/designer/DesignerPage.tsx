/**
 * The model designer: access patterns in words and entities in, the proposed
 * tables, keys and GSIs out as the user types, each decision with its reason;
 * accepted, the design is merged into the model file (the change shown and
 * confirmed first when the file has text), edited here with the linter's
 * findings and fixes, and opened, saved, downloaded, imported and exported.
 */
import { mergeDesignIntoText } from '@dynotable/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isFailure } from '../api/failure.js';
import type { ModelDocument } from '../model-store/model-store.js';
import { designModelRequest, parseModelRequest, readQuestionRequest, type DesignAnswer } from './design-api.js';
import { designController, type DesignController, type DesignState } from './design-controller.js';
import { loadDesignerDraft, storeDesignerDraft, type DesignerDraft } from './designer-draft.js';
import { EntitiesEditor } from './EntitiesEditor.js';
import { entityDraftsOf, newId } from './entity-drafts.js';
import { fileNameFor } from './file-io.js';
import { ModelFilePane } from './ModelFilePane.js';
import { ProposalView } from './ProposalView.js';
import { filledQuestions } from './questions.js';
import { QuestionsEditor, type Readings } from './QuestionsEditor.js';
import { ReplaceFileDialog } from './ReplaceFileDialog.js';
import { readsHere } from './reads-here.js';
import { useModelDraft } from './use-model-draft.js';
import './designer.css';

/** A design merged into the file, waiting for the user's yes. */
interface PendingMerge {
  readonly before: string;
  readonly after: string;
  readonly fileName: string;
  readonly questions: readonly string[];
}

export function DesignerPage() {
  const [draft, setDraft] = useState<DesignerDraft>(loadDesignerDraft);
  const [acceptedYaml, setAcceptedYaml] = useState<string | undefined>(undefined);
  const [acceptError, setAcceptError] = useState<unknown>(undefined);
  const modelDraft = useModelDraft();

  useEffect(() => storeDesignerDraft(draft), [draft]);

  const questionTexts = draft.questions.map((line) => line.text).join('\n');
  // Keyed by the texts, so nothing is asked again when only the line objects change.
  const questions = useMemo(() => filledQuestions(questionTexts.split('\n').map((text, id) => ({ id, text }))), [questionTexts]);
  const [readings, setReadings] = useState<Readings>(() => new Map());
  const [design, setDesign] = useState<DesignState>({ answer: undefined, error: undefined });
  const controller = useRef<DesignController | undefined>(undefined);
  useEffect(() => {
    const created = designController({
      read: (question) => readQuestionRequest(question),
      design: (request) => designModelRequest(request),
      onReadings: setReadings,
      onDesign: setDesign,
      isQuestionError: (error) => isFailure(error, 'PatternError'),
      readsHere,
    });
    controller.current = created;
    return () => created.close();
  }, []);
  // Runs in the keystroke's own task (effects of an input event are not deferred), so the reading is asked at once.
  useEffect(() => controller.current?.update({ name: draft.name, questions, entities: draft.entities }), [draft.name, questions, draft.entities]);

  const { replace } = modelDraft;
  const currentFile = modelDraft.draft;
  const [pending, setPending] = useState<PendingMerge | undefined>(undefined);
  const [acceptNote, setAcceptNote] = useState<string | undefined>(undefined);
  const commit = useCallback(
    (merge: PendingMerge) => {
      replace({ text: merge.after, fileName: merge.fileName });
      setAcceptedYaml(merge.after);
      // The question list shows the questions of the design now in the file.
      setDraft((previous) => ({ ...previous, questions: (merge.questions.length > 0 ? merge.questions : ['']).map((text) => ({ id: newId(), text })) }));
    },
    [replace],
  );

  // A file opened is the model being designed: its questions and entities replace the ones typed before.
  const takeQuestionsOf = useCallback((document: ModelDocument) => {
    parseModelRequest(document.text, document.fileName).then(
      ({ model }) =>
        setDraft({
          name: model.name,
          questions: (model.accessPatterns.length > 0 ? model.accessPatterns.map((pattern) => pattern.question) : ['']).map((text) => ({ id: newId(), text })),
          entities: entityDraftsOf(model),
        }),
      // A file that does not read keeps the designer's inputs; the file pane says what is wrong with it.
      () => undefined,
    );
  }, []);

  const accept = useCallback(
    (answer: DesignAnswer) => {
      setAcceptError(undefined);
      setAcceptNote(undefined);
      const questionsOfDesign = answer.model.accessPatterns.map((pattern) => pattern.question);
      try {
        const empty = currentFile.text.trim() === '';
        const fileName = empty ? fileNameFor(answer.model.name) : currentFile.fileName;
        const text = mergeDesignIntoText(currentFile.text, answer.model, fileName);
        const merge = { before: currentFile.text, after: text, fileName, questions: questionsOfDesign };
        // An empty file has nothing to lose; a file with text is changed only once the user has seen the change.
        if (empty) commit(merge);
        else if (text === currentFile.text) setAcceptNote(`${currentFile.fileName} already holds this design.`);
        else setPending(merge);
      } catch (error) {
        setAcceptError(error);
      }
    },
    [currentFile, commit],
  );
  return (
    <div className="designer">
      <h1>Model designer</h1>
      <div className="designer-columns">
        <div className="designer-inputs">
          <div className="field designer-name">
            <label htmlFor="designer-model-name">Model name</label>
            <input id="designer-model-name" type="text" value={draft.name} spellCheck={false} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          </div>
          <QuestionsEditor lines={draft.questions} readings={readings} onChange={(lines) => setDraft({ ...draft, questions: lines })} />
          <EntitiesEditor entities={draft.entities} proposal={design.answer?.model} onChange={(entities) => setDraft({ ...draft, entities })} />
        </div>
        <ProposalView
          answer={design.answer}
          error={design.error ?? acceptError}
          onAccept={accept}
          accepted={acceptedYaml !== undefined && acceptedYaml === modelDraft.saved.text && !modelDraft.dirty}
          note={acceptNote}
        />
      </div>
      <ModelFilePane model={modelDraft} onOpened={takeQuestionsOf} />
      {pending !== undefined && (
        <ReplaceFileDialog
          fileName={pending.fileName}
          before={pending.before}
          after={pending.after}
          onAnswer={(yes) => {
            setPending(undefined);
            if (yes) commit(pending);
            else setAcceptNote(`Kept ${pending.fileName} as it was.`);
          }}
        />
      )}
    </div>
  );
}
