// Triage of an article set as the pipeline does it with the builtin provider and a first-start content
// filter: the hunt score of title + text (ingestion), the junk filter's kept chunks (seed model trained from
// fixtures/content-filter/seed, JunkFilterThreshold, concrete material kept), platform detection over the kept chunks, and the builtin
// rank (hunt score + observable counts of the kept text) against RankingThreshold. Reports huntable articles
// that would end early (and at which stage), unhuntable ones that would go on, and platform agreement.
// Prints nothing itself; extraction-quality.ts prints what it returns.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { THRESHOLD_DEFAULTS } from '@huntforge/contracts/workflow';
import {
  chunkText,
  encodeJunkModel,
  featurizeAll,
  JunkClassifier,
  keepsChunk,
  parseLabelledChunks,
  predictionOf,
  trainJunkModel,
} from '@huntforge/ml';
import { runBuiltinExtraction } from '@huntforge/observables';
import { builtinRank, concreteMaterial, detectPlatform, scoreHunt } from '@huntforge/scoring';

export interface TriageArticle {
  id: string;
  title: string;
  text: string;
  url?: string;
  truth: { huntable?: boolean; platform?: string | null };
}

export interface TriageResult {
  huntable: number;
  unhuntable: number;
  /** Huntable articles the pipeline would end early: `id (stage score)`. */
  endedEarly: string[];
  /** Unhuntable articles that would go on to extraction: `id (rank)`. */
  keptJunk: string[];
  platformLabelled: number;
  platformAgrees: number;
  platformMisses: string[];
}

const SEED = resolve(__dirname, '..', '..', 'fixtures', 'content-filter', 'seed');
const TRAIN_SEED = 42; // CONTENT_FILTER_TRAIN_SEED's default

/** The model a fresh install's content filter trains on first start. */
export async function seedJunkClassifier(): Promise<JunkClassifier> {
  const examples = (['huntable', 'not-huntable'] as const).flatMap((folder) =>
    readdirSync(join(SEED, folder))
      .filter((file) => file.endsWith('.txt'))
      .sort()
      .flatMap((file) =>
        parseLabelledChunks(readFileSync(join(SEED, folder, file), 'utf8'), folder === 'huntable' ? 'Huntable' : 'Not Huntable'),
      ),
  );
  return JunkClassifier.load(encodeJunkModel(trainJunkModel(featurizeAll(examples), { seed: TRAIN_SEED })));
}

/** The junk filter's kept chunks of `text`, as the content filter decides them. */
export async function keptChunks(
  classifier: JunkClassifier,
  text: string,
  threshold: number = THRESHOLD_DEFAULTS.JunkFilterThreshold,
): Promise<string[]> {
  const chunks = chunkText(text);
  const featurized = chunks.map((chunk) => classifier.featurizeDetailed(chunk.text));
  const probabilities = await classifier.probabilities(featurized.map((item) => item.vector));
  return chunks
    .filter((chunk, i) =>
      keepsChunk(predictionOf(probabilities[i]), featurized[i].keywords.perfect, threshold, concreteMaterial(chunk.text)),
    )
    .map((chunk) => chunk.text);
}

export async function triage(articles: TriageArticle[], classifier: JunkClassifier): Promise<TriageResult> {
  const threshold = THRESHOLD_DEFAULTS.RankingThreshold;
  const result: TriageResult = {
    huntable: 0,
    unhuntable: 0,
    endedEarly: [],
    keptJunk: [],
    platformLabelled: 0,
    platformAgrees: 0,
    platformMisses: [],
  };
  for (const article of articles) {
    if (article.truth.huntable === true) result.huntable++;
    if (article.truth.huntable === false) result.unhuntable++;
    const kept = await keptChunks(classifier, article.text);
    const os = kept.length > 0 ? detectPlatform(kept).os : 'unknown';
    // Unhuntable articles have no platform to agree on (the shared truth leaves it null).
    if (article.truth.platform && article.truth.huntable !== false) {
      result.platformLabelled++;
      if (os === article.truth.platform) result.platformAgrees++;
      else result.platformMisses.push(`${article.id} ${os}≠${article.truth.platform}`);
    }
    let outcome: string | null;
    if (kept.length === 0) outcome = 'junk filter';
    else {
      const keptText = kept.join('\n\n');
      const rank = builtinRank({
        text: keptText,
        huntScore: scoreHunt(`${article.title}\n${article.text}`).score,
        observablesByType: runBuiltinExtraction(keptText, { articleUrl: article.url }).summary.by_type,
      });
      outcome = rank.score >= threshold ? null : `rank ${rank.score}`;
      if (article.truth.huntable === false && outcome === null) result.keptJunk.push(`${article.id} (rank ${rank.score})`);
    }
    if (article.truth.huntable === true && outcome !== null) result.endedEarly.push(`${article.id} (${outcome})`);
  }
  return result;
}

export function describeTriage(t: TriageResult): string {
  const list = (items: string[]) => (items.length ? ` (${items.join(', ')})` : '');
  return (
    `triage: huntable ended early ${t.endedEarly.length}/${t.huntable}${list(t.endedEarly)}; ` +
    `unhuntable kept ${t.keptJunk.length}/${t.unhuntable}${list(t.keptJunk)}; ` +
    `platform agrees ${t.platformAgrees}/${t.platformLabelled}${list(t.platformMisses)}`
  );
}
