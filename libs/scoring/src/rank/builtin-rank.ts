import { controlPlaneActivity } from './control-plane';
import { macosHostArtefacts } from './host-artefacts';
/**
 * The builtin RankAgent: how worth hunting an article is, 0–10, from evidence we can count.
 *
 *   rank = 3 × (hunt_score / 99.9)                 keyword evidence (the hunt score's tiers)
 *        + 7 × (1 − e^(−material / 2.5))           concrete, extractable material
 *   material = behaviours + 2 × hunt queries + indicators / 5 + control-plane activities
 *
 * rounded to one decimal, at most 10. Behaviours are command lines, process pairs, registry keys,
 * services and scheduled tasks; a published hunt query counts twice; five indicators (IPs, domains,
 * URLs) count as one behaviour; each cloud or identity control-plane activity the text names (a CloudTrail
 * event name, an IAM action, an Entra operation, an Okta event type: see control-plane.ts) counts as one, because an intrusion
 * in a cloud account leaves those instead of command lines; likewise each macOS host artefact (a launchd job's
 * property list, a launchctl or osascript invocation, quarantine removal: see host-artefacts.ts).
 * Keyword-rich prose without anything concrete tops out at 3 and stays below the default RankingThreshold
 * (6.0); five concrete items clear it on their own, whatever the keywords say, because the keyword registry
 * leans Windows and a cloud, identity, Linux or macOS write-up scores few of them (#30: huntability follows
 * concrete material); so does an IOC report's long indicator list; a news piece linking a dozen sites does not.
 */
export interface RankInput {
  huntScore: number;
  /** Distinct observables per type (after aggregation), e.g. { cmdline: 4, network: 2 }. */
  observablesByType: Record<string, number>;
  /** The ranked text: its control-plane activity names count as material. */
  text?: string;
}

export interface RankResult {
  score: number;
  reasoning: string;
  components: { keywords: number; material: number };
}

export const RANK_WEIGHTS = {
  keywords: 3,
  material: 7,
  materialScale: 2.5,
  huntQuery: 2,
  indicatorsPerBehaviour: 5,
  huntScoreCeiling: 99.9,
} as const;

const INDICATOR_TYPES = new Set(['ipv4', 'ipv6', 'domain', 'url', 'network', 'email', 'hash']);

const round1 = (value: number) => Math.round(value * 10) / 10;

export function builtinRank(input: RankInput): RankResult {
  const hunt = Math.min(Math.max(input.huntScore, 0), RANK_WEIGHTS.huntScoreCeiling);
  const counts = Object.entries(input.observablesByType).filter(([, count]) => count > 0);
  const sum = (pick: (type: string) => boolean) => counts.filter(([type]) => pick(type)).reduce((total, [, count]) => total + count, 0);
  const huntQueries = sum((type) => type === 'hunt_query');
  const indicators = sum((type) => INDICATOR_TYPES.has(type));
  const behaviours = sum((type) => type !== 'hunt_query' && !INDICATOR_TYPES.has(type));
  const controlPlane = input.text ? controlPlaneActivity(input.text).length + macosHostArtefacts(input.text).length : 0;
  const material = behaviours + RANK_WEIGHTS.huntQuery * huntQueries + indicators / RANK_WEIGHTS.indicatorsPerBehaviour + controlPlane;
  const keywords = RANK_WEIGHTS.keywords * (hunt / RANK_WEIGHTS.huntScoreCeiling);
  const concrete = RANK_WEIGHTS.material * (1 - Math.exp(-material / RANK_WEIGHTS.materialScale));
  const score = Math.min(10, round1(keywords + concrete));
  const typeList = counts.length > 0 ? counts.map(([type, count]) => `${type} ${count}`).join(', ') : 'none';
  return {
    score,
    components: { keywords: round1(keywords), material: round1(concrete) },
    reasoning:
      `builtin rank ${score}/10 = keywords ${round1(keywords)} (hunt score ${hunt}) + material ${round1(concrete)} ` +
      `(${behaviours} behaviours, ${huntQueries} hunt queries, ${indicators} indicators${controlPlane > 0 ? `, ${controlPlane} control-plane activities or host artefacts` : ''}: ${typeList})`,
  };
}
