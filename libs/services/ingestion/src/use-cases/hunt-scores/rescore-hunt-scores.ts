import { HUNT_REGISTRY_FINGERPRINT, scoreHunt } from '@huntforge/scoring';
import type { Logger } from '@huntforge/platform';
import type { HuntScoreFields, StaleHuntScore } from '../../records';

/** Scores an article as ingestion stores it: its title, a line break, its text. */
export function huntScoreFields(title: string, content: string): HuntScoreFields {
  const score = scoreHunt(`${title}\n${content}`);
  const tiers = Object.entries(score.tiers);
  return {
    huntScore: score.score,
    keywordMatches: Object.fromEntries(tiers.map(([tier, result]) => [tier, result.matched])),
    points: Object.fromEntries(tiers.map(([tier, result]) => [tier, result.points])),
    registry: HUNT_REGISTRY_FINGERPRINT,
  };
}

/** The two article operations a rescore needs. */
export interface HuntScoreStore {
  /** Articles (id order, after `afterId`) whose score was computed with another registry than `registry`, or none recorded. */
  scoredWithOtherRegistry(registry: string, afterId: number, limit: number): Promise<StaleHuntScore[]>;
  setHuntScore(id: number, fields: HuntScoreFields): Promise<void>;
}

export interface RescoreHuntScoresCommand {
  registry: string;
  batchSize: number;
}

/**
 * Computes again the hunt score of every stored article scored with an older keyword registry (or before the
 * registry was recorded), so the articles list and auto-trigger compare scores of one registry. After an
 * upgrade that changes the registry this reads each article once; after that it finds nothing to do.
 */
export async function rescoreHuntScores(
  deps: { articles: HuntScoreStore; logger: Logger },
  command: RescoreHuntScoresCommand,
): Promise<{ rescored: number; changed: number }> {
  // rescored: articles read and written again; changed: those whose score moved.
  let afterId = 0;
  let rescored = 0;
  let changed = 0;
  for (;;) {
    const batch = await deps.articles.scoredWithOtherRegistry(command.registry, afterId, command.batchSize);
    if (batch.length === 0) break;
    if (rescored === 0) deps.logger.info({ registry: command.registry }, 'hunt keyword registry changed: scoring stored articles again');
    for (const article of batch) {
      const fields = huntScoreFields(article.title, article.content);
      await deps.articles.setHuntScore(article.id, fields);
      rescored++;
      if (fields.huntScore !== article.huntScore) changed++;
    }
    afterId = batch[batch.length - 1]?.id ?? afterId;
  }
  if (rescored > 0)
    deps.logger.info({ rescored, registry: command.registry }, 'stored articles scored with the current hunt keyword registry');
  return { rescored, changed };
}
