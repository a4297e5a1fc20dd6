/**
 * The model's cost inputs as the pricing page edits them: each change is a
 * core model edit applied to the model file's text (comments and order kept)
 * and saved into the shared model document, so the designer and every other
 * tool see it. The edits need the model as it is now: the server's parse of
 * the document, with the edits made since applied to it here.
 */
import {
  acceptAssumptionsEdits,
  applyEditsToValue,
  applyModelEditsToText,
  assumedFills,
  assumptionEdits,
  costInputEdits,
  type CostInput,
  type Model,
  type ModelEdit,
} from '@dynotable/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModelDocument } from '../model-store/model-store.js';
import { useParsedModel } from '../model-store/parsed-model.js';

export interface CostInputs {
  /** Sets one input; undefined clears it. */
  readonly set: (input: CostInput, value: number | undefined) => void;
  /** Figures the model lacks that assumed values would fill (rates, counts, write paths). */
  readonly missing: number;
  readonly fillAssumptions: () => void;
  /** Objects with an `assumed:` list. */
  readonly assumedObjects: number;
  readonly keepAssumptions: () => void;
  /** Why the last change could not be written into the file. */
  readonly error: unknown;
}

export function useCostInputs(document: ModelDocument, setDocument: (document: ModelDocument) => void): CostInputs {
  const { parsed } = useParsedModel(document);
  const current = useRef<Model | undefined>(undefined);
  const [model, setModel] = useState<Model | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    current.current = parsed?.model;
    setModel(parsed?.model);
  }, [parsed]);

  const apply = useCallback(
    (edits: (model: Model) => readonly ModelEdit[]) => {
      const base = current.current;
      if (base === undefined) return;
      const list = edits(base);
      if (list.length === 0) return;
      try {
        const text = applyModelEditsToText(document.text, list, document.fileName);
        current.current = applyEditsToValue(base, list) as Model;
        setModel(current.current);
        setError(undefined);
        setDocument({ ...document, text });
      } catch (problem) {
        setError(problem);
      }
    },
    [document, setDocument],
  );

  const set = useCallback((input: CostInput, value: number | undefined) => apply((base) => costInputEdits(base, input, value)), [apply]);
  const fillAssumptions = useCallback(() => apply(assumptionEdits), [apply]);
  const keepAssumptions = useCallback(() => apply(acceptAssumptionsEdits), [apply]);
  return {
    set,
    missing: model === undefined ? 0 : assumedFills(model).length,
    fillAssumptions,
    assumedObjects: model === undefined ? 0 : acceptAssumptionsEdits(model).length,
    keepAssumptions,
    error,
  };
}
