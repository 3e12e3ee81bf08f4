// Per-type precision and recall of the builtin extractors (libs/observables) on the labelled fixture
// articles in fixtures/eval/ (targets: network P>=0.95 R>=0.95, command lines P>=0.85 R>=0.80,
// registry keys P>=0.90 R>=0.90), then the same figures on ../shared/cti-articles when present
// (informational), each followed by the rule-quality summary of the builtin SigmaAgent's rules for that
// set (rule-quality.ts). `--verbose` lists every miss, extra and flagged rule; `--range=21-31` limits
// fixtures/eval to the articles numbered 21 to 31 (to compare the original and the added articles).
// Prints figures; never asserts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { findEmbeddedSigmaRules, normaliseUrl, parseDocument, runBuiltinExtraction, type Platform } from '@huntforge/observables';
import type { TemplatePlatform } from '@huntforge/sigma';
import { triage } from './article-triage';
import { ruleQuality } from './rule-quality';

const root = resolve(__dirname, '..', '..');
const verbose = process.argv.includes('--verbose');
const range = /^--range=(\d+)-(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--range=')) ?? '');
const inRange = (id: string) => !range || (Number(id.slice(0, 2)) >= Number(range[1]) && Number(id.slice(0, 2)) <= Number(range[2]));

type Truth = Record<string, unknown> & { platform?: string; article_url?: string };
interface Article {
  id: string;
  title: string;
  markdown: string;
  text: string;
  truth: Truth;
}
interface Tally {
  required: number;
  found: number;
  hits: number;
  extra: number;
}
type Category = 'cmdline' | 'process_pairs' | 'registry_keys' | 'services' | 'scheduled_tasks' | 'ips' | 'domains' | 'urls' | 'hunt_queries' | 'embedded_sigma';
const CATEGORIES: Category[] = ['cmdline', 'process_pairs', 'registry_keys', 'services', 'scheduled_tasks', 'ips', 'domains', 'urls', 'hunt_queries', 'embedded_sigma'];
const TARGETS: Record<string, { p: number; r: number }> = { network: { p: 0.95, r: 0.95 }, cmdline: { p: 0.85, r: 0.8 }, registry_keys: { p: 0.9, r: 0.9 } };

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const keys: Record<Category, (value: string) => string[]> = {
  cmdline: (v) => [collapse(v), collapse(v).replace(/\\\\/g, '\\')],
  process_pairs: (v) => [v.toLowerCase().replace(/\.exe\b/g, '')],
  registry_keys: (v) => {
    const k = v
      .replace(/\\{2,}/g, '\\')
      .toLowerCase()
      .replace(/^hkey_local_machine|^hklm:?/, 'hklm')
      .replace(/^hkey_current_user|^hkcu:?/, 'hkcu')
      .replace(/^hkey_users|^hku:?/, 'hku')
      .replace(/^hkey_classes_root|^hkcr:?/, 'hkcr');
    return [k, k.replace(/^(?:hklm|hkcu|hkcr|hku|hkcc)\\/, '')];
  },
  services: (v) => [v.toLowerCase().trim()],
  scheduled_tasks: (v) => [v.toLowerCase().trim().replace(/^\\+/, '')],
  ips: (v) => [v.toLowerCase()],
  domains: (v) => [v.toLowerCase().replace(/\.$/, '')],
  urls: (v) => [normaliseUrl(v).replace(/\/$/, '')],
  hunt_queries: (v) => [collapse(v).toLowerCase()],
  embedded_sigma: (v) => [v.toLowerCase().trim()],
};

function truthItems(truth: Truth, category: Category, kind: 'required' | 'optional'): string[] {
  const pick = (value: unknown): string[] =>
    (Array.isArray(value) ? value : []).map((item) => {
      if (typeof item === 'string') return item;
      const o = item as Record<string, string>;
      if (category === 'process_pairs') return `${o['parent']} -> ${o['child']}`;
      return o['key'] ?? o['name'] ?? o['text'] ?? o['contains'] ?? '';
    });
  const section = (name: string) => (truth[name] ?? {}) as Record<string, unknown>;
  switch (category) {
    case 'cmdline':
      return pick(section('commandlines')[kind]);
    case 'ips':
    case 'domains':
    case 'urls':
      return pick(((section('network')[kind] ?? {}) as Record<string, unknown>)[category]);
    case 'embedded_sigma':
      return kind === 'required' ? pick(section('embedded_sigma')['titles']) : [];
    default:
      return pick(section(category)[kind]);
  }
}

function extracted(article: Article): Record<Category, string[]> {
  const platform = (article.truth.platform ?? 'unknown') as Platform;
  const result = runBuiltinExtraction(article.text, { platform, articleUrl: article.truth.article_url });
  const items = (key: string) => ((result.subresults as Record<string, { items?: Array<Record<string, string>> }>)[key]?.items ?? []);
  const network = items('network_indicators');
  return {
    cmdline: items('cmdline').map((i) => i['value']),
    process_pairs: items('process_lineage').map((i) => `${i['parent']} -> ${i['child']}`),
    registry_keys: items('registry_keys').map((i) => i['value']),
    services: items('services').map((i) => i['value']),
    scheduled_tasks: items('scheduled_tasks').map((i) => i['value']),
    ips: network.filter((i) => i['kind'] === 'ipv4' || i['kind'] === 'ipv6').map((i) => i['value']),
    domains: network.filter((i) => i['kind'] === 'domain').map((i) => i['value']),
    urls: network.filter((i) => i['kind'] === 'url').map((i) => i['value']),
    hunt_queries: items('hunt_queries').map((i) => i['value']),
    embedded_sigma: findEmbeddedSigmaRules(parseDocument(article.text)).map((r) => r.title),
  };
}

function score(article: Article, tallies: Record<string, Tally>, log: string[]): void {
  const got = extracted(article);
  for (const category of CATEGORIES) {
    const key = keys[category];
    const contains = category === 'hunt_queries';
    const matches = (value: string, truth: string) =>
      contains ? key(value)[0].includes(key(truth)[0]) : key(value).some((k) => key(truth).includes(k));
    const required = truthItems(article.truth, category, 'required');
    const optional = truthItems(article.truth, category, 'optional');
    const tally = (tallies[category] ??= { required: 0, found: 0, hits: 0, extra: 0 });
    tally.required += required.length;
    for (const r of required) {
      if (got[category].some((v) => matches(v, r))) tally.found++;
      else log.push(`  ${article.id} ${category} MISS ${JSON.stringify(r)}`);
    }
    for (const v of got[category]) {
      if (required.some((r) => matches(v, r))) tally.hits++;
      else if (!optional.some((o) => matches(v, o))) {
        tally.extra++;
        log.push(`  ${article.id} ${category} EXTRA ${JSON.stringify(v)}`);
      }
    }
  }
}

function report(name: string, articles: Article[], withTargets: boolean): void {
  const tallies: Record<string, Tally> = {};
  const log: string[] = [];
  const started = performance.now();
  for (const article of articles) score(article, tallies, log);
  const ms = performance.now() - started;
  const network = ['ips', 'domains', 'urls'].reduce<Tally>(
    (sum, c) => {
      const t = tallies[c];
      return { required: sum.required + t.required, found: sum.found + t.found, hits: sum.hits + t.hits, extra: sum.extra + t.extra };
    },
    { required: 0, found: 0, hits: 0, extra: 0 },
  );
  console.log(`\n## ${name}: ${articles.length} articles (${ms.toFixed(1)} ms for all extraction)`);
  console.log('type             required found extra  precision recall  target');
  for (const [type, t] of [...Object.entries(tallies), ['network', network] as const]) {
    const p = t.hits + t.extra === 0 ? 1 : t.hits / (t.hits + t.extra);
    const r = t.required === 0 ? 1 : t.found / t.required;
    const target = withTargets ? TARGETS[type] : undefined;
    const verdict = target ? `${p >= target.p && r >= target.r ? 'PASS' : 'FAIL'} (P>=${target.p} R>=${target.r})` : '';
    console.log(`${type.padEnd(16)} ${String(t.required).padStart(8)} ${String(t.found).padStart(5)} ${String(t.extra).padStart(5)}  ${p.toFixed(3).padStart(9)} ${r.toFixed(3).padStart(6)}  ${verdict}`);
  }
  if (verbose) console.log(log.join('\n'));
  triage(articles);
  console.log(`\n### builtin Sigma rules from ${name}`);
  ruleQuality(
    articles.map((article) => {
      const platform = (article.truth.platform ?? 'unknown') as Platform;
      return {
        id: article.id,
        title: article.title,
        url: article.truth.article_url ?? `https://example.test/${article.id}`,
        platform: platform as TemplatePlatform,
        extraction: runBuiltinExtraction(article.text, { platform, articleUrl: article.truth.article_url }),
      };
    }),
    verbose,
  );
}

function titleOf(markdown: string, fallback: string): string {
  return /^title:\s*"?(.+?)"?\s*$/m.exec(markdown)?.[1] ?? /^#\s+(.+)$/m.exec(markdown)?.[1] ?? fallback;
}

function bodyOf(markdown: string): string {
  return markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
}

function fixtureArticles(dir: string): Article[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md' && inRange(f))
    .sort()
    .map((f) => {
      const id = f.replace(/\.md$/, '');
      const truth = load(readFileSync(join(dir, `${id}.expected.yaml`), 'utf8')) as Truth;
      const markdown = readFileSync(join(dir, f), 'utf8');
      return { id, title: titleOf(markdown, id), markdown, text: bodyOf(markdown), truth };
    });
}

function sharedArticles(dir: string): Article[] {
  const index = load(readFileSync(join(dir, 'index.yaml'), 'utf8')) as { articles: Array<{ id: string; article: string; truth: string }> };
  return index.articles.map((a) => ({
    id: String(a.id),
    title: titleOf(readFileSync(join(dir, a.article), 'utf8'), String(a.id)),
    markdown: readFileSync(join(dir, a.article), 'utf8'),
    text: bodyOf(readFileSync(join(dir, a.article), 'utf8')),
    truth: load(readFileSync(join(dir, a.truth), 'utf8')) as Truth,
  }));
}

/** Time for one full builtin extraction (all seven agents + aggregation) of a ~50 KB article. */
function timing(articles: Article[]): void {
  let text = '';
  while (text.length < 50_000) text += articles.map((a) => a.text).join('\n\n');
  text = text.slice(0, 50_000);
  for (let i = 0; i < 5; i++) runBuiltinExtraction(text, { platform: 'windows' }); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    runBuiltinExtraction(text, { platform: 'windows' });
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  // The minimum is the cost on an idle core; the median also carries the machine's load.
  console.log(`\n50 KB article, all seven agents + aggregation: min ${runs[0].toFixed(1)} ms, median ${runs[15].toFixed(1)} ms, p90 ${runs[27].toFixed(1)} ms (30 runs)`);
}

const fixtures = fixtureArticles(join(root, 'fixtures', 'eval'));
report(range ? `fixtures/eval ${range[1]}-${range[2]}` : 'fixtures/eval', fixtures, true);
timing(fixtures);
const shared = resolve(root, '..', 'shared', 'cti-articles');
if (existsSync(join(shared, 'index.yaml'))) report('../shared/cti-articles (informational)', sharedArticles(shared), false);
