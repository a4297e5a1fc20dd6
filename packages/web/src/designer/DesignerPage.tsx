/**
 * The model designer: access patterns in words and entities in, the proposed
 * tables, keys and GSIs out as the user types, each decision with its reason;
 * accepted, the design becomes the model file, edited here with the linter's
 * findings and fixes, and opened, saved, downloaded, imported and exported.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isFailure } from '../api/failure.js';
import { designModelRequest, exportModelRequest, readQuestionRequest, type DesignAnswer } from './design-api.js';
import { designController, type DesignController, type DesignState } from './design-controller.js';
import { loadDesignerDraft, storeDesignerDraft, type DesignerDraft } from './designer-draft.js';
import { EntitiesEditor } from './EntitiesEditor.js';
import { fileNameFor } from './file-io.js';
import { ModelFilePane } from './ModelFilePane.js';
import { ProposalView } from './ProposalView.js';
import { filledQuestions } from './questions.js';
import { QuestionsEditor, type Readings } from './QuestionsEditor.js';
import { readsHere } from './reads-here.js';
import { useModelDraft } from './use-model-draft.js';
import './designer.css';

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
  const accept = useCallback(
    (answer: DesignAnswer) => {
      setAcceptError(undefined);
      exportModelRequest(answer.model, 'yaml').then(
        (file) => {
          replace({ text: file.text, fileName: fileNameFor(answer.model.name) });
          setAcceptedYaml(file.text);
        },
        (error: unknown) => setAcceptError(error),
      );
    },
    [replace],
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
        />
      </div>
      <ModelFilePane model={modelDraft} />
    </div>
  );
}
