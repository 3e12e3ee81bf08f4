// How many published hunt queries the translation into Sigma (libs/sigma/src/from-query) carries over, per language,
// and why it leaves the others out: the top drop reasons (a field Sigma has no name for, which operator or function,
// which log). Reads the queries of a folder of samples (argument; one query per file, the language named by its
// folder or extension: eql/, esql/, kql/, lucene/, kusto/, spl/, falco/, auditd/, osquery/, sysmon/), the hunt
// queries our own fixture articles publish (fixtures/eval), and with `--tune` those of the shared corpus' tune half
// (never the check half). `--list` prints every dropped query's file and reason, `--rules` every translated query's
// logsource and detection (to judge that it translated right, not only that it did). Prints figures; never asserts.
//   npx tsx tools/bench/query-translation.ts [/work/wt/query-samples] [--tune] [--list] [--rules]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { runBuiltinExtraction, type Platform } from '@huntforge/observables';
import { sigmaDetection, TRANSLATED_LANGUAGES, translateQuery } from '@huntforge/sigma';
import { loadFixtureArticles, loadSharedCorpus, sharedHalf } from './shared-corpus';

interface Sample {
  source: string;
  language: string;
  text: string;
  platform: 'windows' | 'linux' | 'macos' | null;
}

// The language a sample's folder or extension names, as the extraction names it (Kusto is extracted as kql).
const LANGUAGES: Readonly<Record<string, string>> = {
  eql: 'eql',
  esql: 'esql',
  kql: 'kql',
  lucene: 'lucene',
  kusto: 'kql',
  spl: 'spl',
  falco: 'falco',
  yaml: 'falco',
  auditd: 'auditd',
  rules: 'auditd',
  osquery: 'osquery',
  sql: 'osquery',
  sysmon: 'sysmon',
  xml: 'sysmon',
  xql: 'xql',
};

function folderSamples(root: string): Sample[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(root);
  return files.flatMap((path) => {
    const folder = basename(join(path, '..'));
    const language = LANGUAGES[folder] ?? LANGUAGES[extname(path).slice(1)];
    if (!language) return [];
    // A Kusto sample is kept apart from Kibana's KQL in the figures.
    const label = folder === 'kusto' ? 'kusto' : language;
    return [{ source: `${label}:${relative(root, path)}`, language, text: readFileSync(path, 'utf8'), platform: null }];
  });
}

function articleSamples(
  articles: ReadonlyArray<{ id: string; text: string; url?: string; truth: { platform?: string | null } }>,
  origin: string,
): Sample[] {
  return articles.flatMap((article) => {
    const platform = (article.truth.platform ?? 'unknown') as Platform;
    const extraction = runBuiltinExtraction(article.text, { platform, articleUrl: article.url ?? '' });
    const items = extraction.subresults.hunt_queries?.items ?? [];
    return items.map((item) => ({
      source: `${origin}:${article.id}`,
      language: item.language,
      text: item.value,
      platform: platform === 'windows' || platform === 'linux' || platform === 'macos' ? platform : null,
    }));
  });
}

/** A drop reason with what varies from query to query (a value, a stray token) left out, so like reasons count together. */
function reasonKey(code: string, reason: string): string {
  const general = reason.replace(/^(value|unexpected) .*/, '$1 …').replace(/^(list|macro) .*/, '$1 …');
  return `${code}: ${general}`;
}

function report(title: string, samples: readonly Sample[]): void {
  const byLanguage = new Map<string, { translated: number; dropped: number }>();
  const reasons = new Map<string, number>();
  const dropped: string[] = [];
  const rules: string[] = [];
  const skipped = samples.filter((sample) => !TRANSLATED_LANGUAGES.has(sample.language));
  for (const sample of samples) {
    if (!TRANSLATED_LANGUAGES.has(sample.language)) continue;
    const label = sample.source.startsWith('kusto:') ? 'kusto' : sample.language;
    const counts = byLanguage.get(label) ?? { translated: 0, dropped: 0 };
    byLanguage.set(label, counts);
    const translation = translateQuery(sample.text, sample.language, sample.platform);
    if (translation.ok) {
      counts.translated++;
      for (const rule of translation.rules)
        rules.push(`  ${sample.source}: ${JSON.stringify(rule.logsource)} ${JSON.stringify(sigmaDetection(rule.condition))}`);
      continue;
    }
    counts.dropped++;
    const key = reasonKey(translation.code, translation.reason);
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
    dropped.push(`  ${sample.source}: ${translation.code}: ${translation.reason}`);
  }
  const total = [...byLanguage.values()].reduce(
    (sum, counts) => ({ translated: sum.translated + counts.translated, dropped: sum.dropped + counts.dropped }),
    {
      translated: 0,
      dropped: 0,
    },
  );
  const others =
    skipped.length > 0
      ? ` (and ${skipped.length} in languages not translated: ${[...new Set(skipped.map((sample) => sample.language))].join(', ')})`
      : '';
  console.log(
    `\n== ${title}: ${samples.length - skipped.length} queries, ${total.translated} translated, ${total.dropped} dropped${others}`,
  );
  for (const [language, counts] of [...byLanguage].sort())
    console.log(`  ${language.padEnd(8)} translated ${counts.translated}, dropped ${counts.dropped}`);
  console.log('  top drop reasons:');
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 25))
    console.log(`    ${String(count).padStart(3)}  ${reason}`);
  if (process.argv.includes('--list')) console.log(dropped.join('\n'));
  if (process.argv.includes('--rules')) console.log(rules.join('\n'));
}

const folders = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const folder of folders) report(`samples ${folder}`, folderSamples(folder));
report('fixtures (fixtures/eval)', articleSamples(loadFixtureArticles(), 'fixture'));
if (process.argv.includes('--tune')) {
  const corpus = loadSharedCorpus();
  if ('skipped' in corpus) console.log(`\n== tune half skipped: ${corpus.skipped}`);
  else report('shared corpus, tune half', articleSamples(sharedHalf(corpus, 'tune'), 'tune'));
}
