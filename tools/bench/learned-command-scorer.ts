// Experiment for #30 item 4: would a small learned model help where the hand rules of the command-line extractor fail
// on articles they were not tuned on? Question asked of every candidate line: "is this a command the intruder ran?".
//
// Candidates per article: every command line the builtin extractor reports (the hand rules), every line of every code
// block (a shell prompt dropped) and every inline code span. A candidate is positive when it matches a required truth
// command line (the same matching as extraction-quality.ts), ignored when it matches an optional one, negative otherwise.
// The model is libs/ml's junk-filter learner unchanged (hashed words, word bigrams, character 4-grams, dense signals;
// class-balanced logistic regression with Platt scaling) trained on the TUNE half of ../shared/cti-articles plus
// fixtures/eval, exported to ONNX and scored through onnxruntime as the content filter does. Thresholds are chosen on
// out-of-fold scores of the tune half (folds by article; fixtures/eval always in training), then the model trained on
// all of it scores the CHECK half once. Three systems are compared on each set, totals only:
//   (a) rules   the builtin extractor's cmdline output;
//   (b) model   every candidate the model scores at or above its best tune threshold;
//   (c) hybrid  the rules, minus their lines the model scores below a low threshold, plus non-rule candidates it scores
//               at or above a high threshold (both chosen on the tune half).
// Prints figures; never asserts. `--folds=N` sets the tune folds (default 4).
import { encodeJunkModel, Featurizer, JunkClassifier, trainJunkModel, type SparseVector, type TrainingExample } from '@huntforge/ml';
import { parseDocument, runBuiltinExtraction, type Platform } from '@huntforge/observables';
import { loadFixtureArticles, loadSharedCorpus, sharedHalf } from './shared-corpus';

const FOLDS = Number(/^--folds=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--folds=')) ?? '')?.[1] ?? 4);
const TRAIN_SEED = 42;

type Truth = Record<string, unknown> & { platform?: string | null };
interface Article {
  id: string;
  text: string;
  url?: string;
  truth: Truth;
}
type Label = 'positive' | 'negative' | 'optional';
type Origin = 'rule' | 'block' | 'inline';
interface CandidateLine {
  text: string;
  origins: Set<Origin>;
  label: Label;
}
interface ArticleCandidates {
  id: string;
  required: string[];
  optional: string[];
  candidates: CandidateLine[];
}
interface Tally {
  required: number;
  found: number;
  hits: number;
  extra: number;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** extraction-quality.ts's cmdline keys: whitespace collapsed, and with doubled backslashes halved. */
const keysOf = (value: string) => [collapse(value), collapse(value).replace(/\\\\/g, '\\')];
const matches = (value: string, truth: string) => keysOf(value).some((key) => keysOf(truth).includes(key));

function truthCommands(truth: Truth, kind: 'required' | 'optional'): string[] {
  const section = (truth['commandlines'] ?? {}) as Record<string, unknown>;
  const items = Array.isArray(section[kind]) ? (section[kind] as unknown[]) : [];
  return items.map((item) =>
    typeof item === 'string' ? item : ((item as Record<string, string>)['text'] ?? (item as Record<string, string>)['value'] ?? ''),
  );
}

// A shell prompt before a code line: "PS C:\x> ", "C:\Users\bob> ", "$ ", "> ", "user@host:~$ ".
const PROMPT = /^(?:PS [A-Za-z]:\\[^>\n]*>\s*|[A-Za-z]:\\[^>\n"]*>\s*|\$\s+|>\s+|[\w.-]+@[\w.-]+:[^$#\n]*[$#]\s*)/;
const FENCE = /^\s{0,3}(?:`{3,}|~{3,})/;

/** Every line the question is asked of, labelled against the truth. */
function candidatesOf(article: Article): ArticleCandidates {
  const required = truthCommands(article.truth, 'required');
  const optional = truthCommands(article.truth, 'optional');
  const byKey = new Map<string, CandidateLine>();
  const add = (raw: string, origin: Origin) => {
    const text = collapse(raw);
    if (text.length < 2) return;
    const existing = byKey.get(text);
    if (existing) {
      existing.origins.add(origin);
      return;
    }
    const label: Label = required.some((r) => matches(text, r))
      ? 'positive'
      : optional.some((o) => matches(text, o))
        ? 'optional'
        : 'negative';
    byKey.set(text, { text, origins: new Set([origin]), label });
  };
  const platform = (article.truth.platform ?? 'unknown') as Platform;
  const extraction = runBuiltinExtraction(article.text, { platform, articleUrl: article.url });
  const cmdline = (extraction.subresults as Record<string, { items?: Array<Record<string, string>> }>)['cmdline']?.items ?? [];
  for (const item of cmdline) add(item['value'] ?? '', 'rule');
  const doc = parseDocument(article.text);
  for (const block of doc.codeBlocks) {
    for (let i = block.firstLine; i <= block.lastLine; i++) {
      const line = doc.lines[i]?.text ?? '';
      if (!FENCE.test(line)) add(line.replace(PROMPT, ''), 'block');
    }
  }
  for (const code of doc.inlineCode) add(code.text.replace(PROMPT, ''), 'inline');
  return { id: article.id, required, optional, candidates: [...byKey.values()] };
}

/** What the model reads: where the line stands (code block, inline code, prose) and the line itself — never the rules' verdict. */
function modelText(candidate: CandidateLine): string {
  const where = candidate.origins.has('block') ? 'zzblock' : candidate.origins.has('inline') ? 'zzinline' : 'zzprose';
  return `${where} ${candidate.text}`;
}

/** Scores one article's output as extraction-quality.ts does: required items found, outputs that hit, outputs extra. */
function tallyInto(tally: Tally, article: ArticleCandidates, output: readonly string[]): void {
  tally.required += article.required.length;
  tally.found += article.required.filter((r) => output.some((v) => matches(v, r))).length;
  for (const v of output) {
    if (article.required.some((r) => matches(v, r))) tally.hits++;
    else if (!article.optional.some((o) => matches(v, o))) tally.extra++;
  }
}

const precision = (t: Tally) => (t.hits + t.extra === 0 ? 1 : t.hits / (t.hits + t.extra));
const recall = (t: Tally) => (t.required === 0 ? 1 : t.found / t.required);
const f1 = (t: Tally) => {
  const p = precision(t);
  const r = recall(t);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
};

/** An article's candidates with the model's probability for each (parallel to `candidates`). */
interface Scored {
  article: ArticleCandidates;
  probabilities: Float32Array;
}

interface HybridThresholds {
  drop: number;
  add: number;
}

const rulesOutput = ({ article }: Scored) => article.candidates.filter((c) => c.origins.has('rule')).map((c) => c.text);
const modelOutput = ({ article, probabilities }: Scored, threshold: number) =>
  article.candidates.filter((_, i) => probabilities[i] >= threshold).map((c) => c.text);
const hybridOutput = ({ article, probabilities }: Scored, { drop, add }: HybridThresholds) =>
  article.candidates.filter((c, i) => (c.origins.has('rule') ? probabilities[i] >= drop : probabilities[i] >= add)).map((c) => c.text);

function tallyOf(scored: readonly Scored[], output: (s: Scored) => string[]): Tally {
  const tally: Tally = { required: 0, found: 0, hits: 0, extra: 0 };
  for (const s of scored) tallyInto(tally, s.article, output(s));
  return tally;
}

const GRID = [0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 1.01];

/** The model-alone threshold with the best F1 on these (out-of-fold) scores. */
function bestModelThreshold(scored: readonly Scored[]): number {
  let best = { threshold: 0.5, f1: -1 };
  for (const threshold of GRID) {
    const score = f1(tallyOf(scored, (s) => modelOutput(s, threshold)));
    if (score > best.f1) best = { threshold, f1: score };
  }
  return best.threshold;
}

/**
 * The hybrid thresholds with the best F1; ties keep the rules as they are (drop 0, add above 1), so the model only
 * changes the output where that measurably helps on the tune half.
 */
function bestHybridThresholds(scored: readonly Scored[]): HybridThresholds {
  let best = { thresholds: { drop: 0, add: 1.01 }, f1: f1(tallyOf(scored, rulesOutput)) };
  for (const drop of GRID.filter((t) => t <= 0.5))
    for (const add of GRID.filter((t) => t >= 0.5)) {
      const score = f1(tallyOf(scored, (s) => hybridOutput(s, { drop, add })));
      if (score > best.f1 + 1e-9) best = { thresholds: { drop, add }, f1: score };
    }
  return best.thresholds;
}

const featurizer = new Featurizer();
const vectorsOf = new Map<CandidateLine, SparseVector>();
function vectorOf(candidate: CandidateLine): SparseVector {
  let vector = vectorsOf.get(candidate);
  if (!vector) vectorsOf.set(candidate, (vector = featurizer.featurize(modelText(candidate))));
  return vector;
}

function examplesOf(articles: readonly ArticleCandidates[]): TrainingExample[] {
  return articles.flatMap((a) =>
    a.candidates
      .filter((c) => c.label !== 'optional')
      .map((c) => ({ vector: vectorOf(c), label: c.label === 'positive' ? (1 as const) : (0 as const) })),
  );
}

/** Trains on `training`, exports the model to ONNX, loads it in onnxruntime and scores `scoring` through it. */
async function trainAndScore(training: readonly ArticleCandidates[], scoring: readonly ArticleCandidates[]): Promise<Scored[]> {
  const artifact = encodeJunkModel(trainJunkModel(examplesOf(training), { seed: TRAIN_SEED }), { purpose: 'command-line scorer (bench)' });
  const classifier = await JunkClassifier.load(artifact);
  try {
    const scored: Scored[] = [];
    for (const article of scoring)
      scored.push({ article, probabilities: await classifier.probabilities(article.candidates.map((c) => vectorOf(c))) });
    return scored;
  } finally {
    await classifier.release();
  }
}

/** Candidate counts and how many required command lines any candidate holds (the ceiling of (b) and (c)). */
function describeCandidates(name: string, articles: readonly ArticleCandidates[]): string {
  const all = articles.flatMap((a) => a.candidates);
  const required = articles.reduce((n, a) => n + a.required.length, 0);
  const reachable = articles.reduce((n, a) => n + a.required.filter((r) => a.candidates.some((c) => matches(c.text, r))).length, 0);
  const ruleMissesReachable = articles.reduce(
    (n, a) =>
      n +
      a.required.filter(
        (r) => !a.candidates.some((c) => c.origins.has('rule') && matches(c.text, r)) && a.candidates.some((c) => matches(c.text, r)),
      ).length,
    0,
  );
  const positives = all.filter((c) => c.label === 'positive').length;
  return `${name.padEnd(22)} ${String(articles.length).padStart(8)} ${String(all.length).padStart(10)} ${String(positives).padStart(9)}   ${reachable}/${required} required reachable; rule misses a candidate holds: ${ruleMissesReachable}`;
}

/**
 * Totals of the rules' errors and the model's view of them: rule lines that are wrong (extras) or right (hits) it scores
 * below `low`, and required lines the rules miss that a candidate holds and it scores at or above 0.5.
 */
function ruleErrors(scored: readonly Scored[], low: number): string {
  let extras = 0;
  let extrasLow = 0;
  let hits = 0;
  let hitsLow = 0;
  let missesHeld = 0;
  let missesHigh = 0;
  for (const { article, probabilities } of scored) {
    article.candidates.forEach((c, i) => {
      if (!c.origins.has('rule') || c.label === 'optional') return;
      if (c.label === 'positive') {
        hits++;
        if (probabilities[i] < low) hitsLow++;
      } else {
        extras++;
        if (probabilities[i] < low) extrasLow++;
      }
    });
    for (const r of article.required) {
      if (article.candidates.some((c) => c.origins.has('rule') && matches(c.text, r))) continue;
      const held = article.candidates.findIndex((c) => matches(c.text, r));
      if (held < 0) continue;
      missesHeld++;
      if (probabilities[held] >= 0.5) missesHigh++;
    }
  }
  return `rule extras scored < ${low}: ${extrasLow}/${extras}; rule hits scored < ${low}: ${hitsLow}/${hits}; rule misses a candidate holds, scored >= 0.5: ${missesHigh}/${missesHeld}`;
}

const cell = (t: Tally) => `${precision(t).toFixed(3)} / ${recall(t).toFixed(3)} (F1 ${f1(t).toFixed(3)}, +${t.extra})`.padEnd(34);

async function main(): Promise<void> {
  const corpus = loadSharedCorpus();
  if ('skipped' in corpus) {
    console.log(`skipped: ${corpus.skipped}`);
    return;
  }
  const asArticle = (a: { id: string; text: string; url: string; truth: Truth }): Article => ({
    id: a.id,
    text: a.text,
    url: a.url,
    truth: a.truth,
  });
  const tune = sharedHalf(corpus, 'tune').map(asArticle).map(candidatesOf);
  const check = sharedHalf(corpus, 'check').map(asArticle).map(candidatesOf);
  const fixtures = loadFixtureArticles().map(candidatesOf);

  console.log('set                    articles candidates positives');
  console.log(describeCandidates('tune half', tune));
  console.log(describeCandidates('check half', check));
  console.log(describeCandidates('fixtures/eval', fixtures));

  // Out-of-fold scores of the tune half: each fold scored by a model trained on the other folds plus fixtures/eval.
  const outOfFold: Scored[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const held = tune.filter((_, i) => i % FOLDS === fold);
    const rest = tune.filter((_, i) => i % FOLDS !== fold);
    outOfFold.push(...(await trainAndScore([...rest, ...fixtures], held)));
  }
  const modelThreshold = bestModelThreshold(outOfFold);
  const hybrid = bestHybridThresholds(outOfFold);
  console.log(
    `\nthresholds chosen on the tune half's out-of-fold scores (${FOLDS} folds by article): model alone >= ${modelThreshold}; hybrid drops rule lines < ${hybrid.drop}, adds candidates >= ${hybrid.add}`,
  );

  // The model trained on the whole tune half plus fixtures/eval scores the check half once (and, in-sample, its training sets).
  const [checkScored, fixturesInSample] = await Promise.all([
    trainAndScore([...tune, ...fixtures], check),
    trainAndScore([...tune, ...fixtures], fixtures),
  ]);

  const sets: Array<[string, Scored[]]> = [
    ['tune (out-of-fold)', outOfFold],
    ['check (held out)', checkScored],
    ['fixtures (in training)', fixturesInSample],
  ];
  console.log('\n## cmdline P / R (F1, extra lines)');
  console.log(
    ''.padEnd(26) +
      sets.map(([name, scored]) => `${name} [${scored.reduce((n, s) => n + s.article.required.length, 0)}]`.padEnd(34)).join(''),
  );
  console.log('(a) hand rules'.padEnd(26) + sets.map(([, s]) => cell(tallyOf(s, rulesOutput))).join(''));
  console.log(
    `(b) model >= ${modelThreshold}`.padEnd(26) + sets.map(([, s]) => cell(tallyOf(s, (x) => modelOutput(x, modelThreshold)))).join(''),
  );
  console.log(
    `(c) rules -<${hybrid.drop} +>=${hybrid.add}`.padEnd(26) +
      sets.map(([, s]) => cell(tallyOf(s, (x) => hybridOutput(x, hybrid)))).join(''),
  );
  // Sensitivity: the hybrid at fixed thresholds, so a tie-broken choice of "no change" does not hide what the model could do.
  for (const fixed of [
    { drop: 0.05, add: 1.01 },
    { drop: 0, add: 0.95 },
    { drop: 0.05, add: 0.9 },
  ])
    console.log(
      `    rules -<${fixed.drop} +>=${fixed.add}`.padEnd(26) +
        sets.map(([, s]) => cell(tallyOf(s, (x) => hybridOutput(x, fixed)))).join(''),
    );
  console.log('\n## where the rules err, what the model says (counts only)');
  for (const [name, scored] of sets) console.log(`${name.padEnd(26)}${ruleErrors(scored, hybrid.drop > 0 ? hybrid.drop : 0.5)}`);
}

void main();
