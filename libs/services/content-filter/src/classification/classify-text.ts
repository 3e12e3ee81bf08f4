import type { ChunkDecision } from '@huntforge/contracts/content-filter';
import { chunkText, HUNTABLE, keepsChunk, predictionOf, type Chunk, type JunkClassifier } from '@huntforge/ml';
import { concreteMaterial } from '@huntforge/scoring';

export interface ClassifyTextOptions {
  threshold: number;
  /** Top features per chunk (0 skips explanations, which cost a second featurization). */
  topFeatures: number;
  /** Analyse at most this many chunks (chunk-debug's limit); all when absent. */
  maxChunks?: number;
  /** Chunks per model call; progress is reported after each group. */
  groupSize?: number;
  onProgress?: (processed: number) => Promise<void>;
  /** Called once the text is chunked, before any chunk is scored. */
  onChunked?: (articleTotalChunks: number, analysedChunks: number) => Promise<void>;
}

export interface TextClassification {
  /** Every chunk of the text. */
  chunks: Chunk[];
  /** Decisions for the analysed chunks (the first `maxChunks`). */
  decisions: ChunkDecision[];
  chunkLimitApplied: boolean;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function reasonFor(decision: Omit<ChunkDecision, 'reason'>, threshold: number, concrete: readonly string[]): string {
  if (decision.perfect_keywords.length > 0) return `kept: perfect-tier keyword (${decision.perfect_keywords.slice(0, 5).join(', ')})`;
  if (concrete.length > 0) return `kept: concrete material (${concrete.slice(0, 5).join(', ')})`;
  if (decision.kept) {
    return `kept: model says Huntable with confidence ${decision.confidence.toFixed(2)} >= threshold ${threshold.toFixed(2)}`;
  }
  if (decision.label === HUNTABLE) {
    return `removed: Huntable confidence ${decision.confidence.toFixed(2)} is below threshold ${threshold.toFixed(2)}`;
  }
  return `removed: model says Not Huntable with confidence ${decision.confidence.toFixed(2)}`;
}

/**
 * The junk filter over one text: chunk it, score every chunk with the model, and keep a chunk when it
 * holds a perfect-tier hunt keyword or concrete material (a hunting query, cloud control-plane activity) or the model says Huntable with confidence >= threshold.
 */
export async function classifyText(classifier: JunkClassifier, text: string, options: ClassifyTextOptions): Promise<TextClassification> {
  const chunks = chunkText(text);
  const analysed = options.maxChunks === undefined ? chunks : chunks.slice(0, options.maxChunks);
  const groupSize = options.groupSize ?? 512;
  await options.onChunked?.(chunks.length, analysed.length);
  const decisions: ChunkDecision[] = [];
  for (let from = 0; from < analysed.length; from += groupSize) {
    const group = analysed.slice(from, from + groupSize);
    const featurized = group.map((chunk) => classifier.featurizeDetailed(chunk.text, options.topFeatures > 0));
    const probabilities = await classifier.probabilities(featurized.map((item) => item.vector));
    group.forEach((chunk, i) => {
      const prediction = predictionOf(probabilities[i]);
      const perfect = featurized[i].keywords.perfect;
      const concrete = concreteMaterial(chunk.text);
      const confidence = round4(prediction.confidence);
      const base = {
        chunk_id: chunk.id,
        start: chunk.start,
        end: chunk.end,
        label: prediction.label,
        confidence,
        huntable_probability: round4(prediction.probability),
        perfect_keywords: perfect,
        kept: keepsChunk(prediction, perfect, options.threshold, concrete),
        top_features: featurized[i].nameAt ? classifier.explainVector(featurized[i].vector, featurized[i].nameAt, options.topFeatures) : [],
      };
      decisions.push({ ...base, reason: reasonFor(base, options.threshold, concrete) });
    });
    await options.onProgress?.(Math.min(from + groupSize, analysed.length));
  }
  return { chunks, decisions, chunkLimitApplied: analysed.length < chunks.length };
}
