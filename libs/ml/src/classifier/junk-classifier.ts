import * as ort from 'onnxruntime-node';
import { Featurizer, FEATURIZER_VERSION, type FeaturizedText, type SparseVector } from '../features/featurizer';
import { decodeJunkModel, InvalidModelArtifactError, MODEL_INPUTS, MODEL_OUTPUT } from '../onnx/junk-model-onnx';
import { HUNTABLE, NOT_HUNTABLE, type ChunkLabel, type JunkModel } from '../training/train';

export interface ChunkPrediction {
  /** Calibrated probability of Huntable. */
  probability: number;
  label: ChunkLabel;
  /** Probability of the predicted label (so always >= 0.5). */
  confidence: number;
}

export interface FeatureContribution {
  /** e.g. `word:powershell`, `signal:registry_paths`, `keywords:perfect`. */
  feature: string;
  /** weight × value: positive pushes toward Huntable. */
  contribution: number;
}

export interface ClassifierOptions {
  /** Rows per onnxruntime call (default 512). */
  batchSize?: number;
  /** onnxruntime intra-op threads (default 1: one core, predictable under load). */
  threads?: number;
  /** Told how long each model call took (seconds) and how many vectors it scored: for latency metrics. */
  onInference?: (seconds: number, vectors: number) => void;
}

export function predictionOf(probability: number): ChunkPrediction {
  const huntable = probability >= 0.5;
  return { probability, label: huntable ? HUNTABLE : NOT_HUNTABLE, confidence: huntable ? probability : 1 - probability };
}

/**
 * The junk filter's keep rule for one chunk: a perfect-tier hunt keyword or concrete material (a hunting
 * query, cloud control-plane activity: scoring's concreteMaterial) keeps it whatever the model says;
 * otherwise the model must call it Huntable with confidence >= threshold.
 */
export function keepsChunk(
  prediction: ChunkPrediction,
  perfectKeywords: readonly string[],
  threshold: number,
  concrete: readonly string[] = [],
): boolean {
  return perfectKeywords.length > 0 || concrete.length > 0 || (prediction.label === HUNTABLE && prediction.confidence >= threshold);
}

/**
 * The live junk classifier: an ONNX artifact run by onnxruntime-node in batches, plus the same
 * weights read from the artifact to explain a decision. One instance per loaded artifact.
 */
export class JunkClassifier {
  private readonly featurizer = new Featurizer();

  private constructor(
    private readonly session: ort.InferenceSession,
    readonly model: JunkModel,
    readonly metadata: Record<string, string>,
    private readonly batchSize: number,
    private readonly onInference?: (seconds: number, vectors: number) => void,
  ) {}

  /** Loads an artifact; refuses one built for another featurizer version. */
  static async load(bytes: Uint8Array, options: ClassifierOptions = {}): Promise<JunkClassifier> {
    const { model, metadata } = decodeJunkModel(bytes);
    if (model.featurizerVersion !== FEATURIZER_VERSION) {
      throw new InvalidModelArtifactError(`built for featurizer v${model.featurizerVersion}, this build has v${FEATURIZER_VERSION}`);
    }
    const threads = options.threads ?? 1;
    const session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: threads, interOpNumThreads: 1 });
    return new JunkClassifier(session, model, metadata, options.batchSize ?? 512, options.onInference);
  }

  featurize(text: string): SparseVector {
    return this.featurizer.featurize(text);
  }

  /** The vector and the hunt-keyword matches behind it (the keep rule needs the perfect tier), named on request. */
  featurizeDetailed(text: string, withNames = false): FeaturizedText {
    return this.featurizer.featurizeDetailed(text, withNames);
  }

  /** Calibrated probability of Huntable for each vector, through onnxruntime. */
  async probabilities(vectors: readonly SparseVector[]): Promise<Float32Array> {
    const started = performance.now();
    const out = new Float32Array(vectors.length);
    for (let from = 0; from < vectors.length; from += this.batchSize) {
      const batch = vectors.slice(from, from + this.batchSize);
      out.set(await this.runBatch(batch), from);
    }
    this.onInference?.((performance.now() - started) / 1000, vectors.length);
    return out;
  }

  async predict(texts: readonly string[]): Promise<ChunkPrediction[]> {
    const probabilities = await this.probabilities(texts.map((text) => this.featurizer.featurize(text)));
    return Array.from(probabilities, predictionOf);
  }

  /** The features that moved this text's score most, strongest first (either direction). */
  explain(text: string, top = 5): FeatureContribution[] {
    const { nameAt, ...vector } = this.featurizer.featurizeWithNames(text);
    return this.explainVector(vector, nameAt, top);
  }

  /** Top contributions of an already featurized text (featurizeDetailed(text, true)); names built for the winners only. */
  explainVector(vector: SparseVector, nameAt: (position: number) => string, top = 5): FeatureContribution[] {
    if (top <= 0) return [];
    // Keep the `top` largest |contribution| in a small sorted array: cheaper than sorting ~1,000 entries.
    const best: Array<{ position: number; contribution: number }> = [];
    const { indices, values } = vector;
    for (let k = 0; k < indices.length; k++) {
      const contribution = this.model.weights[indices[k]] * values[k];
      const magnitude = Math.abs(contribution);
      if (magnitude === 0 || (best.length === top && magnitude <= Math.abs(best[top - 1].contribution))) continue;
      let at = best.length < top ? best.length : top - 1;
      while (at > 0 && Math.abs(best[at - 1].contribution) < magnitude) at--;
      best.splice(at, 0, { position: k, contribution });
      if (best.length > top) best.pop();
    }
    return best.map(({ position, contribution }) => ({
      feature: nameAt(position),
      contribution: Math.round(contribution * 10_000) / 10_000,
    }));
  }

  async release(): Promise<void> {
    await this.session.release();
  }

  private async runBatch(batch: readonly SparseVector[]): Promise<Float32Array> {
    const width = Math.max(1, ...batch.map((vector) => vector.indices.length));
    const indices = new Int32Array(batch.length * width);
    const values = new Float32Array(batch.length * width);
    batch.forEach((vector, row) => {
      indices.set(vector.indices, row * width);
      values.set(vector.values, row * width);
    });
    const result = await this.session.run({
      [MODEL_INPUTS.indices]: new ort.Tensor('int32', indices, [batch.length, width]),
      [MODEL_INPUTS.values]: new ort.Tensor('float32', values, [batch.length, width]),
    });
    return result[MODEL_OUTPUT].data as Float32Array;
  }
}
