// Triage of an article set as the pipeline does it with the builtin provider: platform detection, and
// the rank (hunt score + observable counts) against the default RankingThreshold. Reports huntable
// articles that would end early and unhuntable ones that would go on. Prints figures; never asserts.
import { runBuiltinExtraction } from '@huntforge/observables';
import { builtinRank, detectPlatform, scoreHunt } from '@huntforge/scoring';
import { THRESHOLD_DEFAULTS } from '@huntforge/contracts';

export interface TriageArticle {
  id: string;
  markdown: string;
  text: string;
  truth: { huntable?: boolean; platform?: string };
}

export function triage(articles: TriageArticle[]): void {
  const threshold = THRESHOLD_DEFAULTS.RankingThreshold;
  const endedEarly: string[] = [];
  const keptJunk: string[] = [];
  let platformAgrees = 0;
  let platformLabelled = 0;
  for (const article of articles) {
    const rank = builtinRank({ huntScore: scoreHunt(article.markdown).score, observablesByType: runBuiltinExtraction(article.text).summary.by_type });
    const passes = rank.score >= threshold;
    if (article.truth.huntable === true && !passes) endedEarly.push(`${article.id} (${rank.score})`);
    if (article.truth.huntable === false && passes) keptJunk.push(`${article.id} (${rank.score})`);
    if (article.truth.platform) {
      platformLabelled++;
      if (detectPlatform(article.text).os === article.truth.platform) platformAgrees++;
    }
  }
  const huntable = articles.filter((a) => a.truth.huntable === true).length;
  const junk = articles.filter((a) => a.truth.huntable === false).length;
  console.log(`triage at RankingThreshold ${threshold}: huntable articles ended early ${endedEarly.length}/${huntable}${endedEarly.length ? ` (${endedEarly.join(', ')})` : ''}; unhuntable articles kept ${keptJunk.length}/${junk}${keptJunk.length ? ` (${keptJunk.join(', ')})` : ''}; platform agrees ${platformAgrees}/${platformLabelled}`);
}
