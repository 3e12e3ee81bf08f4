import { onnx } from 'onnx-proto';
import type { JunkModel } from '../training/train';

/**
 * The junk classifier as an ONNX graph over a sparse batch: inputs `indices` [N, K] (int32) and
 * `values` [N, K] (float32), rows padded with value 0; output `probability` [N] =
 * sigmoid(Σ_k W[indices[n,k]] · values[n,k] + b). Gather/Mul/ReduceSum keeps the work proportional
 * to the non-zeros instead of the 262k-wide dense vector.
 */
const OPSET = 12;
const IR_VERSION = 7;
const { DataType } = onnx.TensorProto;
const { AttributeType } = onnx.AttributeProto;

export const MODEL_INPUTS = { indices: 'indices', values: 'values' } as const;
export const MODEL_OUTPUT = 'probability';

/** Metadata every artifact carries; loaders check featurizer_version before use. */
export interface JunkModelMetadata {
  featurizer_version: string;
  dimension: string;
  seed: string;
  calibration_a: string;
  calibration_b: string;
  [key: string]: string;
}

function floatTensor(name: string, dims: number[], data: Float32Array): onnx.ITensorProto {
  // Copy so the proto owns exactly these bytes (a subarray view would drag its whole buffer along).
  const bytes = new Uint8Array(data.byteLength);
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return { name, dims, dataType: DataType.FLOAT, rawData: bytes };
}

function tensorInput(name: string, type: number, dims: string[]): onnx.IValueInfoProto {
  return { name, type: { tensorType: { elemType: type, shape: { dim: dims.map((dimParam) => ({ dimParam })) } } } };
}

export function encodeJunkModel(model: JunkModel, extra: Record<string, string> = {}): Uint8Array {
  const metadata: JunkModelMetadata = {
    ...extra,
    featurizer_version: String(model.featurizerVersion),
    dimension: String(model.dimension),
    seed: String(model.seed),
    calibration_a: String(model.calibration.a),
    calibration_b: String(model.calibration.b),
  };
  const graph: onnx.IGraphProto = {
    name: 'huntforge_junk_filter',
    initializer: [floatTensor('W', [model.dimension], model.weights), floatTensor('b', [1], new Float32Array([model.bias]))],
    input: [tensorInput(MODEL_INPUTS.indices, DataType.INT32, ['N', 'K']), tensorInput(MODEL_INPUTS.values, DataType.FLOAT, ['N', 'K'])],
    output: [tensorInput(MODEL_OUTPUT, DataType.FLOAT, ['N'])],
    node: [
      {
        opType: 'Gather',
        input: ['W', MODEL_INPUTS.indices],
        output: ['gathered'],
        attribute: [{ name: 'axis', type: AttributeType.INT, i: 0 }],
      },
      { opType: 'Mul', input: ['gathered', MODEL_INPUTS.values], output: ['products'] },
      {
        opType: 'ReduceSum',
        input: ['products'],
        output: ['dot'],
        attribute: [
          { name: 'axes', type: AttributeType.INTS, ints: [1] },
          { name: 'keepdims', type: AttributeType.INT, i: 0 },
        ],
      },
      { opType: 'Add', input: ['dot', 'b'], output: ['logit'] },
      { opType: 'Sigmoid', input: ['logit'], output: [MODEL_OUTPUT] },
    ],
  };
  const proto: onnx.IModelProto = {
    irVersion: IR_VERSION,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'huntforge-ml',
    producerVersion: metadata.featurizer_version,
    graph,
    metadataProps: Object.entries(metadata)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => ({ key, value })),
  };
  return onnx.ModelProto.encode(proto).finish();
}

export class InvalidModelArtifactError extends Error {
  constructor(reason: string) {
    super(`not a Huntforge junk-filter model: ${reason}`);
    this.name = 'InvalidModelArtifactError';
  }
}

function floatsOf(tensor: onnx.ITensorProto | undefined, name: string): Float32Array {
  const raw = tensor?.rawData;
  if (!raw || raw.byteLength % 4 !== 0) throw new InvalidModelArtifactError(`initializer ${name} missing`);
  const copy = new Uint8Array(raw.byteLength);
  copy.set(raw);
  return new Float32Array(copy.buffer);
}

/** Reads weights and metadata back out of an artifact (for explanations and for checks before loading). */
export function decodeJunkModel(bytes: Uint8Array): { model: JunkModel; metadata: Record<string, string> } {
  let proto: onnx.ModelProto;
  try {
    proto = onnx.ModelProto.decode(bytes);
  } catch (error) {
    throw new InvalidModelArtifactError((error as Error).message);
  }
  const metadata = Object.fromEntries((proto.metadataProps ?? []).map((entry) => [entry.key ?? '', entry.value ?? '']));
  const initializers = new Map((proto.graph?.initializer ?? []).map((tensor) => [tensor.name ?? '', tensor]));
  const weights = floatsOf(initializers.get('W'), 'W');
  const bias = floatsOf(initializers.get('b'), 'b')[0];
  const featurizerVersion = Number(metadata['featurizer_version']);
  const dimension = Number(metadata['dimension']);
  if (!Number.isInteger(featurizerVersion) || dimension !== weights.length)
    throw new InvalidModelArtifactError('metadata does not match weights');
  return {
    model: {
      featurizerVersion,
      dimension,
      weights,
      bias,
      calibration: { a: Number(metadata['calibration_a'] ?? 1), b: Number(metadata['calibration_b'] ?? 0) },
      seed: Number(metadata['seed'] ?? 0),
    },
    metadata,
  };
}
