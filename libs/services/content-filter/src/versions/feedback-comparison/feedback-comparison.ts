import { HUNTABLE, NOT_HUNTABLE, predictionOf } from '@huntforge/ml';
import type { ContentFilterPorts } from '../../ports';
import { feedbackLabel } from '../../retrain/training-data';
import { round4 } from '../round4';

/** Most feedback rows the comparison scores in one request. */
const COMPARISON_LIMIT = 500;

/** Before (the model's answer when the user gave feedback) and after (the current model) for each chunk with feedback. */
export interface FeedbackComparisonDeps {
  feedback: Pick<ContentFilterPorts['feedback'], 'newestOverall'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
}

export async function feedbackComparison(deps: FeedbackComparisonDeps) {
  const { newest } = await deps.feedback.newestOverall();
  const rows = newest.slice(0, COMPARISON_LIMIT);
  const { version, probabilities } = await deps.model.use(async ({ version, classifier }) => ({
    version,
    probabilities: await classifier.probabilities(rows.map((row) => classifier.featurize(row.chunkText))),
  }));
  const summary = { total: rows.length, improved: 0, worsened: 0, unchanged: 0, now_correct: 0 };
  const items = rows.map((row, i) => {
    const expected = feedbackLabel(row);
    const beforeInExpected = row.modelClassification === expected ? row.modelConfidence : 1 - row.modelConfidence;
    const after = predictionOf(probabilities[i]);
    const afterInExpected = expected === HUNTABLE ? after.probability : 1 - after.probability;
    const delta = round4(afterInExpected - beforeInExpected);
    if (delta > 0) summary.improved++;
    else if (delta < 0) summary.worsened++;
    else summary.unchanged++;
    if (after.label === expected) summary.now_correct++;
    return {
      feedback_id: row.id,
      article_id: row.articleId,
      chunk_id: row.chunkId,
      expected_label: expected === HUNTABLE ? HUNTABLE : NOT_HUNTABLE,
      before: { label: row.modelClassification, confidence: round4(row.modelConfidence) },
      after: { label: after.label, confidence: round4(after.confidence), model_version: version },
      improved: delta > 0,
    };
  });
  return { success: true as const, model_version: version, items, summary };
}
