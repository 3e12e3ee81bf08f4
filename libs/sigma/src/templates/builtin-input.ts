// What the builtin SigmaAgent reads: its own module, so every rule family can name it without importing the agent.
import type {
  CmdlineItem,
  NetworkIndicatorItem,
  ProcessPairItem,
  RegistryKeyItem,
  ScheduledTaskItem,
  ServiceItem,
} from '@huntforge/contracts/extraction';
import type { ArticleRef } from './rule-draft';
import type { CorpusEvidence } from './corpus-informed';
import type { QueryRuleInput } from './query-rules';

export type TemplatePlatform = 'windows' | 'linux' | 'macos' | 'cross-platform' | 'unknown';

export interface BuiltinSigmaInput {
  article: ArticleRef;
  platform: TemplatePlatform;
  cmdlines?: CmdlineItem[];
  processPairs?: ProcessPairItem[];
  registryKeys?: RegistryKeyItem[];
  services?: ServiceItem[];
  scheduledTasks?: ScheduledTaskItem[];
  network?: NetworkIndicatorItem[];
  /** The article's text, where the extraction's evidence offsets point: it tells prose from quoted code. */
  content?: string;
  /** The reference rules the coverage stage found firing on the observables, with why: behaviours the table does not know. */
  coverage?: CorpusEvidence;
  /** The detection queries the article publishes (EQL, KQL, ES|QL…): translated to Sigma, they are the engineer's first rules. */
  huntQueries?: QueryRuleInput['huntQueries'];
}
