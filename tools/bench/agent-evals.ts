// The builtin provider's evaluation figures over the committed eval set (config/eval_articles.yaml), computed
// as the evaluation routes compute them (same matching, same aggregate), without a running service: per
// subagent the articles, expected items, mean item-level precision / recall / F1, count accuracy (pass =
// exact, partial = within 2, fail) and nMAE. The Sigma row scores the builtin SigmaAgent's rules against the
// expected rules by atoms. Prints figures; never asserts. `--verbose` lists misses and extras per article.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EVAL_SUBAGENTS, EVAL_SUBAGENT_AGENTS, isExtractorSubagent, type EvalSubagent } from '@huntforge/contracts/workflow';
import {
  BUILTIN_AGENTS,
  EVAL_ARTICLES_FILE,
  actualItems,
  aggregateVersion,
  loadEvalSet,
  runBuiltinExtraction,
  scoreItems,
  type EvalSetArticle,
  type Platform,
} from '@huntforge/observables';
import { builtinSigmaInput, generateBuiltinRules, ruleSetAtoms, type TemplatePlatform } from '@huntforge/sigma';

const verbose = process.argv.includes('--verbose');
const root = resolve(__dirname, '..', '..');
const evalSet = loadEvalSet(resolve(root, EVAL_ARTICLES_FILE), (path) => readFileSync(path, 'utf8'), {
  sigmaAtoms: (rules) => ruleSetAtoms(rules).atoms,
});

function outputFor(subagent: EvalSubagent, article: EvalSetArticle): { output: unknown; count: number } {
  if (isExtractorSubagent(subagent)) {
    const agent = EVAL_SUBAGENT_AGENTS[subagent];
    const output = (BUILTIN_AGENTS[agent] as (text: string, options: { articleUrl: string }) => { count: number })(article.content, {
      articleUrl: article.url,
    });
    return { output, count: output.count };
  }
  const platform = (article.platform ?? 'unknown') as Platform;
  const extraction = runBuiltinExtraction(article.content, { platform, articleUrl: article.url });
  const rules = generateBuiltinRules(
    builtinSigmaInput({ title: article.title, url: article.url, date: '2026-01-01' }, platform as TemplatePlatform, extraction),
  ).map((draft) => draft.rule);
  return { output: { atoms: ruleSetAtoms(rules).atoms }, count: rules.length };
}

console.log(`builtin provider over ${evalSet.fixtures.length} eval articles (${EVAL_ARTICLES_FILE})`);
console.log('subagent             articles expected matched extra  precision recall   F1   count pass/partial/fail  nMAE');
const log: string[] = [];
for (const subagent of EVAL_SUBAGENTS) {
  const articles = evalSet.bySubagent[subagent];
  let expected = 0;
  let matched = 0;
  let extra = 0;
  const records = articles.map((article) => {
    const { output, count } = outputFor(subagent, article);
    const scored = scoreItems(subagent, article.expected, actualItems(output, subagent));
    expected += article.expected.required.length;
    matched += scored.matched.length;
    extra += scored.extra.length;
    if (verbose) {
      for (const miss of scored.missed) log.push(`  ${subagent} ${article.fixture} MISS ${miss}`);
      for (const item of scored.extra) log.push(`  ${subagent} ${article.fixture} EXTRA ${item}`);
    }
    return {
      configVersion: 0,
      model: null,
      articleKey: article.url,
      expectedCount: article.expectedCount,
      actualCount: count,
      precision: scored.precision,
      recall: scored.recall,
      f1: scored.f1,
      completedAt: null,
    };
  });
  const figures = aggregateVersion(0, records);
  const accuracy = figures.count_accuracy;
  const f = (value: number | null) => (value === null ? '  —  ' : value.toFixed(3));
  console.log(
    `${subagent.padEnd(20)} ${String(articles.length).padStart(8)} ${String(expected).padStart(8)} ${String(matched).padStart(7)} ${String(extra).padStart(5)}  ${f(figures.mean_precision).padStart(9)} ${f(figures.mean_recall).padStart(6)} ${f(figures.mean_f1)}  ${`${accuracy.pass}/${accuracy.partial}/${accuracy.fail}`.padStart(22)}  ${f(figures.nmae)}`,
  );
}
if (verbose) console.log(log.join('\n'));
