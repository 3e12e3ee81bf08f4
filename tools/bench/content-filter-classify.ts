/**
 * Junk-filter classification throughput on one core (target >= 5,000 chunks/s). Builds ~1,000-character
 * chunks from the committed fixtures, trains the seed model, then times: featurize + onnxruntime (the
 * model call), and the service's full per-chunk decision (hunt keywords for the keep rule, top-5 explanations).
 * Prints figures; asserts nothing.  Run: node --import tsx tools/bench/content-filter-classify.ts [chunks]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chunkText,
  encodeJunkModel,
  featurizeAll,
  JunkClassifier,
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
        parseLabelledChunks(readFileSync(join(ROOT, set, folder, file), 'utf8'), folder === 'huntable' ? 'Huntable' : 'Not Huntable'),
      ),
  );
}

/** ~1,000-character chunks: fixture paragraphs shuffled (fixed seed) into long articles, then chunked. */
function benchChunks(count: number, texts: string[]): string[] {
  let state = 12345;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const out: string[] = [];
  while (out.length < count) {
    const article = Array.from({ length: 40 }, () => texts[Math.floor(random() * texts.length)]).join('\n\n');
    for (const chunk of chunkText(article)) if (out.length < count) out.push(chunk.text);
  }
  return out;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5000);
  const seed = load('seed');
  const chunks = benchChunks(
    count,
    [...seed, ...load('eval')].map((item) => item.text),
  );
  const meanLength = Math.round(chunks.reduce((sum, text) => sum + text.length, 0) / chunks.length);
  const classifier = await JunkClassifier.load(encodeJunkModel(trainJunkModel(featurizeAll(seed))), { threads: 1, batchSize: 512 });
  console.log(`content-filter classify: ${count} chunks of ${meanLength} chars on average, node ${process.version}, onnxruntime 1 thread`);

  // Rates use the process's CPU time (user + system) as well as wall time: on a shared machine the wall
  // clock also counts time the scheduler gave to other processes, CPU time is what one core spent here.
  const cpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const rate = (seconds: number) => Math.round(count / seconds).toLocaleString('en-US');
  for (let round = 1; round <= 3; round++) {
    const wall0 = performance.now();
    const cpu0 = cpu();
    const vectors = chunks.map((text) => classifier.featurize(text));
    const cpu1 = cpu();
    await classifier.probabilities(vectors);
    const cpu2 = cpu();
    const wall2 = performance.now();
    const cpu3 = cpu();
    // The service's classify path: one named featurization per chunk serves the model, the keep rule and
    // the top-5 explanation.
    const named = chunks.map((text) => classifier.featurizeDetailed(text, true));
    const namedProbabilities = await classifier.probabilities(named.map((item) => item.vector));
    let kept = 0;
    named.forEach((item, i) => {
      if (item.keywords.perfect.length > 0 || (namedProbabilities[i] >= 0.5 && namedProbabilities[i] >= 0.8)) kept++;
      if (item.nameAt) classifier.explainVector(item.vector, item.nameAt, 5);
    });
    const cpu4 = cpu();
    console.log(
      `[${round}] CPU: featurize ${((cpu1 - cpu0) * 1000).toFixed(0)} ms, onnx ${((cpu2 - cpu1) * 1000).toFixed(0)} ms ` +
        `=> model path ${rate(cpu2 - cpu0)} chunks/s; ` +
        `full decision (keep rule + top-5 explanations) ${rate(cpu4 - cpu3)} chunks/s | wall (model path) ${rate((wall2 - wall0) / 1000)} chunks/s | kept ${kept}`,
    );
  }
  await classifier.release();
}

void main();
