// The junk-filter model: chunking, featurizing, training, ONNX export and inference, evaluation.
// No database or network; artifact files are read and written by the content-filter service.
export { chunkText, DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE, type Chunk, type ChunkOptions } from './chunking/chunker';
export {
  denseFeatureName,
  FEATURE_DIMENSION,
  Featurizer,
  FEATURIZER_VERSION,
  type FeaturizedText,
  type SparseVector,
} from './features/featurizer';
export {
  featurizeAll,
  HUNTABLE,
  labelToTarget,
  NOT_HUNTABLE,
  probabilityOf,
  trainJunkModel,
  type ChunkLabel,
  type JunkModel,
  type LabelledText,
  type TrainOptions,
} from './training/train';
export type { TrainingExample } from './training/logistic-regression';
export { parseLabelledChunks } from './training/labelled-chunks';
export {
  binaryMetrics,
  passesGate,
  RETRAIN_QUALITY_GATE,
  type BinaryMetrics,
  type ConfusionMatrix,
  type QualityGate,
} from './evaluation/metrics';
export { decodeJunkModel, encodeJunkModel, InvalidModelArtifactError } from './onnx/junk-model-onnx';
export {
  JunkClassifier,
  keepsChunk,
  predictionOf,
  type ChunkPrediction,
  type ClassifierOptions,
  type FeatureContribution,
} from './classifier/junk-classifier';
