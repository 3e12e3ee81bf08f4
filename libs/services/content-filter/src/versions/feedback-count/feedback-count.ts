import type { ContentFilterPorts } from '../../ports';

export interface FeedbackCountDeps {
  feedback: Pick<ContentFilterPorts['feedback'], 'countUnused'>;
  annotations: Pick<ContentFilterPorts['annotations'], 'countUnused'>;
}

/** GET /api/model/feedback-count: the samples waiting for the next retrain. */
export async function feedbackCount(deps: FeedbackCountDeps) {
  const [feedback, annotations] = await Promise.all([deps.feedback.countUnused(), deps.annotations.countUnused()]);
  const count = feedback + annotations;
  return {
    success: true as const,
    count,
    feedback_count: feedback,
    annotation_count: annotations,
    message:
      count === 0
        ? 'No new feedback or annotations since the last retrain'
        : `${count} new samples (${feedback} feedback, ${annotations} annotations) are waiting for the next retrain`,
  };
}
