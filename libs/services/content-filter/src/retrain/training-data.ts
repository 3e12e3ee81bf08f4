import { HUNTABLE, NOT_HUNTABLE, type ChunkLabel, type LabelledText } from '@huntforge/ml';
import type { ChunkFeedbackRecord } from '../records';
import type { ContentFilterPorts } from '../ports';
import { HUNTABILITY_TYPES } from '../repositories/annotation-reader';

export interface TrainingData {
  examples: LabelledText[];
  seedSamples: number;
  feedbackSamples: number;
  annotationSamples: number;
  /** Rows to flag used_for_training once the new model is promoted. */
  feedbackIds: number[];
  annotationIds: number[];
}

const inverse = (label: ChunkLabel): ChunkLabel => (label === HUNTABLE ? NOT_HUNTABLE : HUNTABLE);

/** The label a feedback row teaches: the user's label, else the model's (correct) or its inverse (incorrect). */
export function feedbackLabel(row: Pick<ChunkFeedbackRecord, 'userClassification' | 'modelClassification' | 'isCorrect'>): ChunkLabel {
  if (row.userClassification === HUNTABLE || row.userClassification === NOT_HUNTABLE) return row.userClassification;
  const model = row.modelClassification === HUNTABLE ? HUNTABLE : NOT_HUNTABLE;
  return row.isCorrect ? model : inverse(model);
}

/**
 * Seed chunks + every chunk's newest feedback + huntability annotations. The model is retrained from
 * scratch each time, so earlier feedback stays in; used_for_training only records what a model has seen.
 */
export interface TrainingDataDeps {
  fixtures: Pick<ContentFilterPorts['fixtures'], 'loadSeed'>;
  feedback: Pick<ContentFilterPorts['feedback'], 'newestOverall'>;
  annotations: Pick<ContentFilterPorts['annotations'], 'huntability'>;
}

export async function gatherTrainingData(deps: TrainingDataDeps): Promise<TrainingData> {
  const seed = (await deps.fixtures.loadSeed()) ?? [];
  const { newest, allIds } = await deps.feedback.newestOverall();
  const annotations = await deps.annotations.huntability();
  const fromFeedback = newest.map((row) => ({ text: row.chunkText, label: feedbackLabel(row) }));
  const fromAnnotations = annotations
    .filter((row) => row.selectedText.trim().length > 0)
    .map((row) => ({ text: row.selectedText, label: row.annotationType === HUNTABILITY_TYPES.huntable ? HUNTABLE : NOT_HUNTABLE }));
  return {
    examples: [...seed, ...fromFeedback, ...fromAnnotations],
    seedSamples: seed.length,
    feedbackSamples: fromFeedback.length,
    annotationSamples: fromAnnotations.length,
    feedbackIds: allIds,
    annotationIds: annotations.map((row) => row.id),
  };
}
