import type { LegacyOsDetectionResponse } from '@huntforge/contracts/workflow';
import { roundFigure, type EvalSet } from '@huntforge/observables';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';

export interface OsDetectionResultsDeps {
  evaluations: Pick<EvaluationRepository, 'latestPlatformDetections'>;
  evalSet(): EvalSet;
  articleIdsByUrl(urls: string[]): Promise<Map<string, number>>;
}

/** Legacy OS-detection results: the latest non-evaluation platform decision per eval article against its label. */
export async function osDetectionResults(deps: OsDetectionResultsDeps): Promise<LegacyOsDetectionResponse> {
  const labelled = deps.evalSet().fixtures.filter((fixture) => fixture.platform);
  const ids = await deps.articleIdsByUrl(labelled.map((fixture) => fixture.url));
  const detections = await deps.evaluations.latestPlatformDetections([...ids.values()]);
  const results = labelled.flatMap((fixture) => {
    const id = ids.get(fixture.url);
    if (id === undefined) return [];
    const detected = (detections.get(id) as { os?: string } | undefined)?.os ?? null;
    return [
      {
        article_id: id,
        article_url: fixture.url,
        title: fixture.title,
        expected_os: fixture.platform as string,
        detected_os: detected,
        correct: detected === null ? null : detected === fixture.platform,
      },
    ];
  });
  const detected = results.filter((r) => r.detected_os !== null).length;
  const correct = results.filter((r) => r.correct === true).length;
  return { results, total: results.length, detected, correct, accuracy: detected === 0 ? null : roundFigure(correct / detected) };
}
