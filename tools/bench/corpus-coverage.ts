// Coverage of articles by the SigmaHQ corpus (../shared/sigma-corpus when present): compile time of the
// corpus for evaluation, time to run it over one article's observable telemetry, and the share of
// observables some reference rule already fires on, for fixtures/eval and ../shared/cti-articles. Prints
// figures; never asserts.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { runBuiltinExtraction, type Platform } from '@huntforge/observables';
import { CorpusCoverage } from '@huntforge/sigma';

const root = resolve(__dirname, '..', '..');
const corpusDir = resolve(root, '..', 'shared', 'sigma-corpus');
if (!existsSync(corpusDir)) {
  console.log(`corpus-coverage: ${corpusDir} not found; nothing to measure`);
  process.exit(0);
}
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.ya?ml$/.test(name)) files.push(path);
  }
};
walk(corpusDir);
let started = performance.now();
const coverage = new CorpusCoverage<string>();
for (const file of files) coverage.add(readFileSync(file, 'utf8'), file.slice(corpusDir.length + 1));
console.log(
  `corpus: ${coverage.size.rules} rules compiled, ${coverage.size.skipped} skipped, in ${(performance.now() - started).toFixed(0)} ms`,
);

function measure(name: string, articles: Array<{ text: string; platform: Platform; url?: string }>): void {
  const times: number[] = [];
  let observables = 0;
  let covered = 0;
  for (const article of articles) {
    const extraction = runBuiltinExtraction(article.text, { platform: article.platform, articleUrl: article.url });
    started = performance.now();
    const result = coverage.cover(
      extraction.observables.map((o) => ({ type: o.type, value: o.value, attributes: o.attributes as Record<string, string> })),
      { product: ['windows', 'linux', 'macos'].includes(article.platform) ? article.platform : undefined },
    );
    times.push(performance.now() - started);
    observables += result.length;
    covered += result.filter((entry) => entry.rules.length > 0).length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(
    `${name}: ${articles.length} articles, ${covered} of ${observables} observables covered (${((covered / Math.max(observables, 1)) * 100).toFixed(0)}%); per article median ${at(0.5)} ms, max ${at(1)} ms`,
  );
}

const evalDir = join(root, 'fixtures', 'eval');
measure(
  'fixtures/eval',
  readdirSync(evalDir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => {
      const truth = load(readFileSync(join(evalDir, f.replace(/\.md$/, '.expected.yaml')), 'utf8')) as {
        platform?: Platform;
        article_url?: string;
      };
      return { text: readFileSync(join(evalDir, f), 'utf8'), platform: truth.platform ?? 'unknown', url: truth.article_url };
    }),
);
const ctiDir = resolve(root, '..', 'shared', 'cti-articles');
if (existsSync(join(ctiDir, 'index.yaml'))) {
  const index = load(readFileSync(join(ctiDir, 'index.yaml'), 'utf8')) as { articles: Array<{ article: string; truth: string }> };
  measure(
    '../shared/cti-articles',
    index.articles.map((a) => {
      const truth = load(readFileSync(join(ctiDir, a.truth), 'utf8')) as { platform?: Platform; article_url?: string };
      return { text: readFileSync(join(ctiDir, a.article), 'utf8'), platform: truth.platform ?? 'unknown', url: truth.article_url };
    }),
  );
}
