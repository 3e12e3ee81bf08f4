// How well the keyword hunt score (what the articles list sorts by and auto-trigger reads) tells huntable articles
// from the rest, on the tune and check halves of the shared corpus (split in shared-corpus.ts; skipped with the
// reason when absent) and on fixtures/eval. Per set: the huntable articles' median and lowest score, the highest
// score of a non-huntable one, how many huntable articles score at or below it, and the ranking AUC (the chance a
// huntable article outscores a non-huntable one). Tune the registry on the tune half only; `--verbose` lists every
// article's score (tune half and fixtures only: read the check half's totals, never its articles).
// Run: npx tsx tools/bench/hunt-score-separation.ts [--verbose]
import { scoreHunt } from '@huntforge/scoring';
import { loadFixtureArticles, loadSharedCorpus, sharedHalf, type SharedTruth } from './shared-corpus';

interface Scored {
  id: string;
  huntable: boolean;
  score: number;
}

const verbose = process.argv.includes('--verbose');

function scored(article: { id: string; title: string; text: string; truth: SharedTruth }): Scored {
  // As ingestion scores a stored article: its title, a line break, its text.
  return { id: article.id, huntable: article.truth.huntable !== false, score: scoreHunt(`${article.title}\n${article.text}`).score };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Mann-Whitney AUC: ties count half. */
function auc(positives: number[], negatives: number[]): number {
  if (positives.length === 0 || negatives.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

function report(name: string, set: Scored[], listArticles: boolean): void {
  const huntable = set.filter((article) => article.huntable).map((article) => article.score);
  const other = set.filter((article) => !article.huntable).map((article) => article.score);
  const ceiling = other.length ? Math.max(...other) : Number.NaN;
  const under = huntable.filter((score) => score <= ceiling).length;
  console.log(
    `${name.padEnd(14)} huntable ${String(huntable.length).padStart(2)}: median ${median(huntable).toFixed(1).padStart(5)}, lowest ${Math.min(
      ...huntable,
    )
      .toFixed(1)
      .padStart(
        5,
      )} | not huntable ${String(other.length).padStart(2)}: highest ${ceiling.toFixed(1).padStart(5)} | huntable at or below it ${under}/${huntable.length} | AUC ${auc(huntable, other).toFixed(3)} | huntable under 50: ${huntable.filter((score) => score < 50).length}`,
  );
  if (listArticles)
    for (const article of [...set].sort((a, b) => a.score - b.score))
      console.log(`  ${article.score.toFixed(1).padStart(5)} ${article.huntable ? 'huntable    ' : 'not huntable'} ${article.id}`);
}

function main(): void {
  const corpus = loadSharedCorpus();
  if ('skipped' in corpus) console.log(`shared corpus skipped: ${corpus.skipped}`);
  else
    for (const half of ['tune', 'check'] as const) report(`${half} half`, sharedHalf(corpus, half).map(scored), verbose && half === 'tune');
  report('fixtures/eval', loadFixtureArticles().map(scored), verbose);
}

main();
