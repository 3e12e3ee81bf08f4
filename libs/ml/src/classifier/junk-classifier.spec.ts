import { onnx } from 'onnx-proto';
import { Featurizer } from '../features/featurizer';
import { decodeJunkModel, encodeJunkModel, InvalidModelArtifactError } from '../onnx/junk-model-onnx';
import { loadFixtureSet } from '../test-support/fixture-corpus';
import { featurizeAll, probabilityOf, trainJunkModel } from '../training/train';
import { JunkClassifier, keepsChunk, predictionOf } from './junk-classifier';

describe('JunkClassifier (onnxruntime-node)', () => {
  const seed = loadFixtureSet('seed');
  const model = trainJunkModel(featurizeAll(seed), { seed: 42 });
  const bytes = encodeJunkModel(model, { version: '1' });
  let classifier: JunkClassifier;

  beforeAll(async () => {
    classifier = await JunkClassifier.load(bytes, { batchSize: 64 });
  });
  afterAll(() => classifier.release());

  it('round-trips weights and metadata through the ONNX artifact', () => {
    const decoded = decodeJunkModel(bytes);
    expect(decoded.model.weights).toEqual(model.weights);
    expect(decoded.model.bias).toBeCloseTo(model.bias, 6);
    expect(decoded.metadata).toMatchObject({ featurizer_version: '1', version: '1' });
  });

  it('gives the same probabilities as the TypeScript model, across several batches', async () => {
    const texts = seed.slice(0, 150).map((item) => item.text);
    const featurizer = new Featurizer();
    const expected = texts.map((text) => probabilityOf(model, featurizer.featurize(text)));
    const predictions = await classifier.predict(texts);
    predictions.forEach((prediction, i) => expect(prediction.probability).toBeCloseTo(expected[i], 4));
    expect(predictions.filter((p) => p.label === 'Huntable').length).toBeGreaterThan(30);
  });

  it('explains a decision with its strongest features first', () => {
    const top = classifier.explain(String.raw`reg add HKCU\Software\Microsoft\Windows\CurrentVersion\Run /v x /d C:\Users\Public\x.exe`, 5);
    expect(top).toHaveLength(5);
    const magnitudes = top.map((f) => Math.abs(f.contribution));
    expect([...magnitudes].sort((a, b) => b - a)).toEqual(magnitudes);
    expect(top.some((f) => f.contribution > 0)).toBe(true);
  });

  it('maps probabilities to label and confidence', () => {
    expect(predictionOf(0.9)).toEqual({ probability: 0.9, label: 'Huntable', confidence: 0.9 });
    expect(predictionOf(0.2).label).toBe('Not Huntable');
    expect(predictionOf(0.2).confidence).toBeCloseTo(0.8, 6);
  });

  it('refuses an artifact built for another featurizer version, and garbage', async () => {
    const proto = onnx.ModelProto.decode(bytes);
    proto.metadataProps = proto.metadataProps.map((entry) =>
      entry.key === 'featurizer_version' ? onnx.StringStringEntryProto.create({ key: entry.key, value: '99' }) : entry,
    );
    await expect(JunkClassifier.load(onnx.ModelProto.encode(proto).finish())).rejects.toThrow(InvalidModelArtifactError);
    await expect(JunkClassifier.load(new Uint8Array([1, 2, 3, 4]))).rejects.toThrow(InvalidModelArtifactError);
  });
});

describe('keepsChunk', () => {
  it('keeps a chunk with concrete material (a query, control-plane activity) even when the model calls it junk', () => {
    const junk = predictionOf(0.1);
    expect(keepsChunk(junk, [], 0.5)).toBe(false);
    expect(keepsChunk(junk, [], 0.5, ['kql query'])).toBe(true);
    expect(keepsChunk(junk, ['mimikatz'], 0.5)).toBe(true);
    expect(keepsChunk(predictionOf(0.8), [], 0.5)).toBe(true);
  });
});
