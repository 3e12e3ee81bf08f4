// What a reviewer would have to fix in the builtin SigmaAgent's rules, on the tune and check halves of the shared
// corpus (../shared/cti-articles, split in shared-corpus.ts; skipped with the reason when absent): validator
// findings of every severity, rules that fire on none of their own observables or on the benign baseline, cut or quoted titles, program-only titles ("<Program> Execution With Suspicious
// Arguments"), values carrying markup, the share of indicator-only rules (lists of IPs or domains), and the huntable
// articles with three or more intruder commands that got no behaviour rule. When a detection engineer's rules for
// an article sit in tools/bench/.rule-truth/<article id>.yml (git-ignored: written from article text that is
// not ours; format and how to rewrite it: rule-quality-atoms.ts), the generated rules' atoms are scored against
// them (precision / recall; skipped with the reason when the folder is absent). The SigmaHQ rules the shared DFIR
// reports saw fire in their lab are checked against what coverage names (rule-quality-coverage.ts). As in the
// pipeline, the generator is handed the coverage of the article's observables (SigmaHQ rules firing on them, and
// why), for its corpus-informed behaviour rules; without ../shared/sigma-corpus, or with `--without-coverage` (the
// figures before those rules), it generates without. Tune on the
// tune half only. `--verbose` lists every flagged rule and `--rules` every rule, of the tune half only; `--atoms` lists
// the missed and extra atoms of the tune half (`--atoms=check` of the check half: read its figures, never tune on
// them); `--referenced` lists the referenced rules named and missed. Prints figures; never asserts.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { runBuiltinExtraction, type Platform } from '@huntforge/observables';
import {
  analyseRuleText,
  builtinSigmaInput,
  corpusChecks,
  generateBuiltinRules,
  renderRule,
  selfTestGenerated,
  validateRuleDocument,
  type RuleDraft,
  type TemplatePlatform,
} from '@huntforge/sigma';
import { isIndicatorAtom, only, ruleAtoms, scoreAtoms, truthRulesOf, type AtomScore } from './rule-quality-atoms';
import { corpusEngine, generatorCoverage, referencedCoverage, SIGMA_CORPUS_DIR } from './rule-quality-coverage';
import { loadSharedCorpus, sharedHalf, type CorpusHalf, type SharedArticle } from './shared-corpus';

const verbose = process.argv.includes('--verbose');
// `--rules` prints every generated rule's YAML, to read them as a reviewer would.
const printRules = process.argv.includes('--rules');
const atomsArg = process.argv.find((arg) => arg === '--atoms' || arg.startsWith('--atoms='));
// Which half's missed and extra atoms to list: the tune half unless asked for the check half by name.
const listAtomsOf: CorpusHalf | null = atomsArg ? (atomsArg === '--atoms=check' ? 'check' : 'tune') : null;
const listReferenced = process.argv.includes('--referenced');
const withoutCoverage = process.argv.includes('--without-coverage');
// `--by-source`: expected atoms found, summed per log source of the engineer's rules (totals of a half, no article named).
const bySource = process.argv.includes('--by-source');
const TRUTH_DIR = resolve(__dirname, '.rule-truth');
const INDICATOR_CLASSES = new Set(['dns_query', 'network_connection', 'proxy', 'cloud_indicator']);
// Markdown escapes (not `\*`, which is Sigma's literal asterisk), tree glyphs and box drawing, and a quote left open at either end of a value.
const MARKUP = /\\[[\]()_`#>!|-]|[⮡└├│┌┐┘┴┬┼─↳➜]|^["'][^"']*$|^[^"']*["']$/;

/** Summed atom scores: precision = hits / generated, recall = found / expected (rule-quality-atoms.ts). */
interface AtomTotals {
  hits: number;
  found: number;
  generated: number;
  expected: number;
  /** Of hits and found, those shared only through a `|re` value. */
  regexHits: number;
  regexFound: number;
}

const noAtoms = (): AtomTotals => ({ hits: 0, found: 0, generated: 0, expected: 0, regexHits: 0, regexFound: 0 });

function addAtoms(totals: AtomTotals, score: AtomScore): void {
  totals.hits += score.hits;
  totals.found += score.found;
  totals.generated += score.generated;
  totals.expected += score.expected;
  totals.regexHits += score.viaRegex.hits;
  totals.regexFound += score.viaRegex.found;
}

interface Figures {
  articles: number;
  rules: number;
  findings: number;
  notFiring: number;
  commandLines: number;
  commandLinesCovered: number;
  baselineFiring: number;
  findingIds: Map<string, number>;
  cutTitles: number;
  quotedTitles: number;
  programOnlyTitles: number;
  markupValues: number;
  indicatorOnly: number;
  huntableWithCommands: number;
  withBehaviourRule: number;
  atoms: AtomTotals & { truthRules: number; articles: number; near: number; broken: number };
  behaviourAtoms: AtomTotals;
  /** Per log source of the engineer's rules: expected atoms, and those found. */
  sources: Map<string, { expected: number; found: number }>;
}

function values(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(values);
  if (node && typeof node === 'object') return Object.values(node).flatMap(values);
  return [];
}

const commandCount = (article: SharedArticle) => {
  const lines = (article.truth['commandlines'] as { required?: unknown[] } | undefined)?.required;
  return Array.isArray(lines) ? lines.length : 0;
};

type Engine = NonNullable<ReturnType<typeof corpusEngine>>;

function score(articles: SharedArticle[], log: string[], listAtoms: boolean, engine: Engine | null): Figures {
  const f: Figures = {
    articles: articles.length,
    rules: 0,
    findings: 0,
    notFiring: 0,
    baselineFiring: 0,
    commandLines: 0,
    commandLinesCovered: 0,
    findingIds: new Map(),
    cutTitles: 0,
    quotedTitles: 0,
    programOnlyTitles: 0,
    markupValues: 0,
    indicatorOnly: 0,
    huntableWithCommands: 0,
    withBehaviourRule: 0,
    atoms: { ...noAtoms(), truthRules: 0, articles: 0, near: 0, broken: 0 },
    behaviourAtoms: noAtoms(),
    sources: new Map(),
  };
  for (const article of articles) {
    const platform = (article.truth.platform ?? 'unknown') as Platform;
    const extraction = runBuiltinExtraction(article.text, { platform, articleUrl: article.url });
    const drafts: RuleDraft[] = generateBuiltinRules(
      builtinSigmaInput(
        { title: article.title, url: article.url, date: '2026-01-01' },
        platform as TemplatePlatform,
        extraction,
        article.text,
        generatorCoverage(engine, extraction.observables, platform),
      ),
      corpusChecks,
    );
    const flag = (what: string, draft: RuleDraft) => log.push(`  ${article.id} ${what}: ${draft.rule.title}`);
    if (printRules) for (const draft of drafts) log.push(`--- ${article.id}\n${renderRule(draft.rule as Record<string, unknown>)}`);
    let behaviourRules = 0;
    const firedOn = new Set<string>();
    for (const draft of drafts) {
      f.rules++;
      const { findings } = validateRuleDocument(draft.rule as Record<string, unknown>);
      f.findings += findings.length;
      for (const finding of findings) {
        f.findingIds.set(`${finding.severity} ${finding.id}`, (f.findingIds.get(`${finding.severity} ${finding.id}`) ?? 0) + 1);
        flag(`${finding.severity} ${finding.id}`, draft);
      }
      const selfTest = selfTestGenerated(draft.rule as Record<string, unknown>, extraction.observables, article.text);
      selfTest.fired_on.forEach((observable) => firedOn.add(observable));
      if (!selfTest.fires) {
        f.notFiring++;
        flag('fires on none of its observables', draft);
      }
      if (selfTest.baseline?.fires) {
        f.baselineFiring++;
        flag(`fires on ${selfTest.baseline.fires} benign baseline events (${selfTest.baseline.examples.join(' | ')})`, draft);
      }
      const title = draft.rule.title;
      const count = (key: 'cutTitles' | 'quotedTitles' | 'programOnlyTitles' | 'markupValues', what: string) => {
        f[key]++;
        flag(what, draft);
      };
      if (/…|\.\.\.\s*$/.test(title)) count('cutTitles', 'cut title');
      if (/["“”]/.test(title) || (title.match(/'/g)?.length ?? 0) % 2 === 1) count('quotedTitles', 'quote in title');
      if (/Execution With Suspicious Arguments/.test(title)) count('programOnlyTitles', 'program-only title');
      for (const value of values(draft.rule.detection)) if (MARKUP.test(value)) count('markupValues', `markup in ${JSON.stringify(value)}`);
      if (INDICATOR_CLASSES.has(draft.telemetryClass)) f.indicatorOnly++;
      else behaviourRules++;
    }
    const commandLines = extraction.observables.filter((observable) => observable.type === 'cmdline');
    f.commandLines += commandLines.length;
    f.commandLinesCovered += commandLines.filter((observable) => firedOn.has(`cmdline: ${observable.value}`)).length;
    if (article.truth.huntable && commandCount(article) >= 3) {
      f.huntableWithCommands++;
      if (behaviourRules > 0) f.withBehaviourRule++;
      else log.push(`  ${article.id} huntable with ${commandCount(article)} commands, no behaviour rule`);
    }
    const truth = existsSync(TRUTH_DIR) ? truthRulesOf(TRUTH_DIR, article.id) : null;
    if (truth) {
      const generated = ruleAtoms(drafts.map((draft) => renderRule(draft.rule as Record<string, unknown>)));
      const expected = ruleAtoms(truth.rules);
      const atoms = scoreAtoms(generated, expected);
      const behaviour = (atom: string) => !isIndicatorAtom(atom);
      addAtoms(f.behaviourAtoms, scoreAtoms(only(generated, behaviour), only(expected, behaviour)));
      addAtoms(f.atoms, atoms);
      f.atoms.articles++;
      f.atoms.truthRules += truth.rules.length;
      f.atoms.broken += truth.broken.length;
      f.atoms.near += atoms.near;
      addSources(f.sources, truth.rules, new Set(atoms.missed));
      for (const broken of truth.broken) log.push(`  ${article.id} truth rule does not parse: ${broken.split('\n')[0]}`);
      if (listAtoms) {
        log.push(
          `  ${article.id} atoms: ${atoms.hits} of ${atoms.generated} generated shared, ${atoms.found} of ${atoms.expected} expected found`,
        );
        for (const atom of atoms.missed) log.push(`    missed ${atom}`);
        for (const atom of atoms.extra) log.push(`    extra  ${atom}`);
      }
    }
  }
  return f;
}

/** The log source a rule names, as one word (`windows/process_creation`, `aws/cloudtrail`). */
function sourceOf(rule: string): string {
  const analysed = analyseRuleText(rule);
  if (!analysed.ok) return 'unparsed';
  const logsource = (analysed.doc['logsource'] ?? {}) as Record<string, unknown>;
  return [logsource['product'], logsource['category'] ?? logsource['service']].filter((part) => typeof part === 'string').join('/');
}

function addSources(sources: Figures['sources'], truthRules: readonly string[], missed: ReadonlySet<string>): void {
  for (const rule of truthRules) {
    const source = sourceOf(rule);
    const tally = sources.get(source) ?? { expected: 0, found: 0 };
    for (const atom of ruleAtoms([rule])) {
      tally.expected++;
      if (!missed.has(atom)) tally.found++;
    }
    sources.set(source, tally);
  }
}

/** `P / R (h of g generated shared, f of e expected found; n through a regex)`. */
function atomFigures(t: AtomTotals): string {
  const ratio = (part: number, whole: number) => (part / Math.max(1, whole)).toFixed(2);
  const regex = t.regexHits + t.regexFound > 0 ? `; ${t.regexHits} generated and ${t.regexFound} expected through a regex` : '';
  return `${ratio(t.hits, t.generated)} / ${ratio(t.found, t.expected)} (${t.hits} of ${t.generated} generated shared, ${t.found} of ${t.expected} expected found${regex})`;
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(0)}%`;

function print(name: string, f: Figures): void {
  console.log(`\n## ${name}: ${f.articles} articles, ${f.rules} rules (${(f.rules / Math.max(1, f.articles)).toFixed(1)} per article)`);
  console.log(
    `validator findings (all severities)   ${f.findings}${f.findingIds.size ? `  (${[...f.findingIds].map(([id, n]) => `${id} ${n}`).join(', ')})` : ''}`,
  );
  console.log(`fire on none of their observables   ${f.notFiring}`);
  console.log(`fire on the benign baseline           ${f.baselineFiring}`);
  console.log(`command lines some rule fires on      ${f.commandLinesCovered}/${f.commandLines}`);
  console.log(`cut titles                            ${f.cutTitles}`);
  console.log(`titles with a quote                   ${f.quotedTitles}`);
  console.log(`"<Program> Execution With Suspicious Arguments" titles  ${f.programOnlyTitles}`);
  console.log(`values carrying markup                ${f.markupValues}`);
  console.log(`indicator-only rules                  ${f.indicatorOnly} (${pct(f.indicatorOnly, f.rules)}; target at most 30%)`);
  console.log(`huntable, >= 3 commands, behaviour rule  ${f.withBehaviourRule}/${f.huntableWithCommands}`);
  if (!existsSync(TRUTH_DIR))
    console.log(`atoms P/R                             skipped: ${TRUTH_DIR} is absent (the engineer's rules stay outside the repository)`);
  else if (f.atoms.articles === 0)
    console.log(`atoms P/R                             skipped: no engineer's rules under ${TRUTH_DIR} for this half`);
  else {
    console.log(
      `atoms P/R                             ${atomFigures(f.atoms)} over ${f.atoms.articles} articles; ${f.atoms.truthRules} engineer's rules${f.atoms.broken ? `, ${f.atoms.broken} unparseable` : ''}; target on check P >= 0.60, R >= 0.75`,
    );
    console.log(`behaviour atoms P/R (no host/address/hash) ${atomFigures(f.behaviourAtoms)}`);
    console.log(`expected atoms only a longer generated value holds  ${f.atoms.near}`);
    if (bySource) {
      const rows = [...f.sources].sort(([, a], [, b]) => b.expected - a.expected);
      console.log(`expected atoms found by log source    ${rows.map(([source, t]) => `${source} ${t.found}/${t.expected}`).join(', ')}`);
    }
  }
}

function main(): void {
  const corpus = loadSharedCorpus();
  if ('skipped' in corpus) {
    console.log(`rule-quality-corpus skipped: ${corpus.skipped}`);
    return;
  }
  const coverage = corpusEngine();
  for (const half of ['tune', 'check'] as const) {
    const log: string[] = [];
    const articles = sharedHalf(corpus, half);
    print(half, score(articles, log, listAtomsOf === half, withoutCoverage ? null : coverage));
    if (!coverage) console.log(`referenced SigmaHQ rules named       skipped: ${SIGMA_CORPUS_DIR} is absent`);
    else {
      const c = referencedCoverage(articles, coverage, listReferenced);
      console.log(
        `referenced SigmaHQ rules named        ${c.named}/${c.referenced} (${pct(c.named, c.referenced)}) over ${c.articles} articles; ${c.others} other corpus rules named`,
      );
      log.push(...c.log);
    }
    // Per-article listings of the check half would be tuning on it: only the atoms asked of it by name.
    const listed = half === 'tune' ? verbose || printRules || listAtomsOf === half || listReferenced : listAtomsOf === half;
    if (listed && log.length) console.log(log.join('\n'));
  }
}

main();
