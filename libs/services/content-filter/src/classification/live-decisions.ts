import type { ChunkDecision } from '@huntforge/contracts/content-filter';
import type { LiveModel } from '../model/live-model';
import { classifyTextMemo } from './classification-memo';

/** Every chunk's decision over `text` by the live model (held while it classifies), with that model's version. */
export function liveDecisions(
  model: Pick<LiveModel, 'use'>,
  text: string,
  options: { threshold: number; topFeatures: number },
): Promise<{ version: number; decisions: ChunkDecision[] }> {
  return model.use(async ({ version, classifier }) => ({
    version,
    decisions: (await classifyTextMemo(classifier, text, options)).decisions,
  }));
}
