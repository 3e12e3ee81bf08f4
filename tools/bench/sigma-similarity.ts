// Similarity benchmark: one query against every rule of a corpus through the inverted index.
// Uses ../shared/sigma-corpus when present (or SIGMA_CORPUS_DIR), otherwise a generated corpus of
// 4,000 rules. Prints build time and per-query median/p95; never asserts on timings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyseRuleText, SimilarityIndex, type RuleAtoms } from '@huntforge/sigma';

const corpusDir = resolve(process.env.SIGMA_CORPUS_DIR ?? join(__dirname, '..', '..', '..', 'shared', 'sigma-corpus'));

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Deterministic synthetic rules: process_creation and registry rules over a shared vocabulary. */
function generatedCorpus(count: number): Array<{ id: string; text: string }> {
  const binaries = Array.from({ length: 300 }, (_, i) => `\\tool${i}.exe`);
  const args = Array.from({ length: 800 }, (_, i) => ` -flag${i} `);
  let seed = 42;
  const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  return Array.from({ length: count }, (_, i) => {
    const values = Array.from({ length: 1 + next(4) }, () => `      - '${args[next(args.length)]}'`).join('\n');
    const category = i % 5 === 0 ? 'registry_set' : 'process_creation';
    return {
      id: `generated-${i}`,
      text: `title: Generated ${i}\nlogsource:\n  category: ${category}\n  product: windows\ndetection:\n  selection:\n    Image|endswith: '${binaries[next(binaries.length)]}'\n    CommandLine|contains:\n${values}\n  filter:\n    User|contains: 'svc${next(50)}'\n  condition: selection and not filter\n`,
    };
  });
}

const source = existsSync(corpusDir)
  ? walk(corpusDir).map((path) => ({ id: path, text: readFileSync(path, 'utf8') }))
  : generatedCorpus(4000);
const label = existsSync(corpusDir) ? `corpus ${corpusDir}` : 'generated corpus';

const started = performance.now();
const index = new SimilarityIndex();
const queries: RuleAtoms[] = [];
let failed = 0;
for (const { id, text } of source) {
  const analysed = analyseRuleText(text);
  if (!analysed.ok) {
    failed++;
    continue;
  }
  index.add(analysed.atoms, { ruleId: id, title: id, author: null, license: 'DRL-1.1', path: id, origin: 'bench' });
  queries.push(analysed.atoms);
}
const buildMs = performance.now() - started;

const timings: number[] = [];
let inconclusive = 0;
for (const query of queries) {
  const t0 = performance.now();
  const result = index.search(query, { top: 10 });
  timings.push(performance.now() - t0);
  if (result.inconclusive) inconclusive++;
}
timings.sort((a, b) => a - b);
const pct = (p: number): number => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))] ?? 0;
console.log(`sigma-similarity: ${label}`);
console.log(`  rules indexed ${index.size} (unparseable ${failed}), index build ${buildMs.toFixed(0)} ms`);
console.log(`  queries ${timings.length}: median ${pct(50).toFixed(3)} ms, p95 ${pct(95).toFixed(3)} ms, max ${pct(100).toFixed(3)} ms`);
console.log(`  inconclusive queries (DNF over cap or no positive atoms): ${inconclusive}`);
