/**
 * Junk-filter retrain time on 5,000 chunks (target < 30 s): featurize, train with out-of-fold Platt
 * calibration, export to ONNX, load it in onnxruntime and evaluate on the curated eval set, i.e. the
 * work of one retrain minus the database. Prints figures; asserts nothing.
 * Run: node --import tsx tools/bench/content-filter-retrain.ts [chunks]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  binaryMetrics,
  chunkText,
  encodeJunkModel,
  featurizeAll,
  JunkClassifier,
  labelToTarget,
  parseLabelledChunks,
  trainJunkModel,
  type LabelledText,
} from '@huntforge/ml';

const ROOT = join(__dirname, '../../fixtures/content-filter');

function load(set: 'seed' | 'eval'): LabelledText[] {
  return (['huntable', 'not-huntable'] as const).flatMap((folder) =>
    readdirSync(join(ROOT, set, folder))
      .sort()
      .flatMap((file) =>
        parseLabelledChunks(
          readFileSync(join(ROOT, set, folder, file), 'utf8'),
          folder === 'huntable' ? 'Huntable' : 'Not Huntable',
          set === 'eval' ? 200 : 0,
        ),
      ),
  );
}

/**
 * 5,000 labelled ~1,000-character chunks: seed paragraphs of one label joined (fixed-seed shuffle) into
 * long texts and re-chunked, so every chunk keeps a single label, as feedback and annotations do.
 */
function trainingSet(count: number, seed: LabelledText[]): LabelledText[] {
  let state = 987654;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const byLabel = { Huntable: seed.filter((s) => s.label === 'Huntable'), 'Not Huntable': seed.filter((s) => s.label === 'Not Huntable') };
  const out: LabelledText[] = [];
  while (out.length < count) {
    const label = out.length % 2 === 0 ? 'Huntable' : 'Not Huntable';
    const pool = byLabel[label];
    const text = Array.from({ length: 12 }, () => pool[Math.floor(random() * pool.length)].text).join(' ');
    for (const chunk of chunkText(text)) if (out.length < count) out.push({ text: chunk.text, label });
  }
  return out;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5000);
  const data = trainingSet(count, load('seed'));
  const evalSet = load('eval');
  const meanLength = Math.round(data.reduce((sum, item) => sum + item.text.length, 0) / data.length);
  console.log(
    `content-filter retrain: ${data.length} chunks of ${meanLength} chars on average, eval set ${evalSet.length}, node ${process.version}`,
  );
  for (let round = 1; round <= 2; round++) {
    const t0 = performance.now();
    const examples = featurizeAll(data);
    const t1 = performance.now();
    const model = trainJunkModel(examples, { seed: 42 });
    const t2 = performance.now();
    const classifier = await JunkClassifier.load(encodeJunkModel(model, { version: 'bench' }));
    const probabilities = await classifier.probabilities(evalSet.map((item) => classifier.featurize(item.text)));
    const metrics = binaryMetrics(
      evalSet.map((item) => labelToTarget(item.label)),
      probabilities,
    );
    await classifier.release();
    const t3 = performance.now();
    console.log(
      `[${round}] featurize ${((t1 - t0) / 1000).toFixed(2)} s, train+calibrate ${((t2 - t1) / 1000).toFixed(2)} s, ` +
        `export+load+evaluate ${((t3 - t2) / 1000).toFixed(2)} s => total ${((t3 - t0) / 1000).toFixed(2)} s (wall) | ` +
        `eval recall_huntable ${metrics.recall_huntable} f1_huntable ${metrics.f1_huntable}`,
    );
  }
}

void main();
