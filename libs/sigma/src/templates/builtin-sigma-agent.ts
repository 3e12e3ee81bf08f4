// The builtin SigmaAgent: builds its input from an extraction, asks each rule family (one module each) for its
// drafts, and keeps one rule per detection.
import type { ExtractionResult } from '@huntforge/contracts/extraction';
import type { SigmaRule } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import type { ArticleRef, RuleDraft } from './rule-draft';
import type { BuiltinSigmaInput, TemplatePlatform } from './builtin-input';
import { canonical } from './builtin-draft';
import { distinctiveTokens, withoutHive } from './command-tokens';
import { commandSelections } from './command-selections';
import { corpusBehaviours, type CorpusChecks, type CorpusEvidence } from './corpus-informed';
import { alreadyKeyed, corpusInformedRules, uncoveredRuns } from './corpus-informed-rules';
import { techniqueRules } from './technique-rules';
import { scriptBlockRules } from './script-blocks';
import { cmdlineRules } from './cmdline-rules';
import { relayingShellRules } from './relaying-shell-rules';
import { lineageRules } from './lineage-rules';
import { registryRules } from './registry-rules';
import { runDialogRules } from './run-dialog-rules';
import { scheduledTaskRules, serviceRules } from './service-task-rules';
import { fileWriteRules } from './file-write-rules';
import { sideEffectRules } from './side-effect-rules';
import { proseWrittenFileRules } from './prose-written-files';
import { cloudBehaviourRules } from './cloud-rules';
import { proseFactRules } from './prose-rules';
import { hostOf, networkRules } from './network-rules';
import { queryRules } from './query-rules';

// The helpers' homes moved with the split; importers keep reading them from the agent.
export { canonical, distinctiveTokens, hostOf, withoutHive, type BuiltinSigmaInput, type TemplatePlatform };

/** The agent's input from an aggregated extraction: each extractor's items. */
export function builtinSigmaInput(
  article: ArticleRef,
  platform: TemplatePlatform,
  extraction: Pick<ExtractionResult, 'subresults'>,
  content?: string,
  coverage?: CorpusEvidence | null,
): BuiltinSigmaInput {
  const sub = extraction.subresults;
  return {
    article,
    platform,
    ...(content !== undefined ? { content } : {}),
    ...(coverage ? { coverage } : {}),
    cmdlines: sub.cmdline?.items,
    processPairs: sub.process_lineage?.items,
    registryKeys: sub.registry_keys?.items,
    services: sub.services?.items,
    scheduledTasks: sub.scheduled_tasks?.items,
    network: sub.network_indicators?.items,
    huntQueries: sub.hunt_queries?.items,
  };
}

/**
 * The builtin SigmaAgent: one template per telemetry class, filled only with values observed in the
 * article, so every detection value traces back to an observable. With the input's coverage and the rule
 * engine's checks (`corpusChecks`, evaluate/corpus-checks.ts), behaviours the reference corpus knows and the
 * technique table does not get their rule too.
 */
export function generateBuiltinRules(input: BuiltinSigmaInput, checks?: CorpusChecks): RuleDraft[] {
  const windows = input.platform === 'windows' || input.platform === 'unknown' || input.platform === 'cross-platform';
  const own = commandSelections(input);
  const corpus = corpusBehaviours(uncoveredRuns(input), input.coverage, checks).filter((behaviour) => !alreadyKeyed(behaviour, own));
  return mergeSameDetections([
    ...techniqueRules(input),
    ...scriptBlockRules(input),
    ...cmdlineRules(input, corpus),
    ...relayingShellRules(input),
    ...corpusInformedRules(input, corpus),
    ...lineageRules(input),
    ...(windows ? registryRules(input) : []),
    ...(windows ? runDialogRules(input) : []),
    ...(windows ? serviceRules(input) : []),
    ...(windows ? scheduledTaskRules(input) : []),
    ...fileWriteRules(input),
    ...sideEffectRules(input),
    ...proseWrittenFileRules(input),
    ...cloudBehaviourRules(input.article, input.content, input),
    ...proseFactRules(input.article, input.content, input.platform),
    ...networkRules(input),
    ...queryRules(input, checks),
  ]);
}

/**
 * What a rule matches: its logsource and its selections (the builtin conditions are all "any of them",
 * so `selection` and `1 of selection_*` over the same selections match the same events).
 */
export function detectionKey(rule: Pick<SigmaRule, 'logsource' | 'detection'>): string {
  const { condition, ...identifiers } = rule.detection;
  const anyOf = condition === 'selection' || condition === '1 of selection_*';
  const parts = Object.entries(identifiers).map(([name, selection]) => (anyOf ? canonical(selection) : `${name}=${canonical(selection)}`));
  return canonical({ logsource: rule.logsource, selections: parts, condition: anyOf ? 'any' : condition });
}

const LEVELS = ['informational', 'low', 'medium', 'high', 'critical'];

/**
 * One rule per detection: two rules of one article that match the same events (the same command seen
 * by two extractors, the same task or service quoted twice) are one finding in the review queue. The
 * first is kept and takes the other's values, tags, descriptions and false positives.
 */
function mergeSameDetections(drafts: RuleDraft[]): RuleDraft[] {
  const kept = new Map<string, RuleDraft>();
  for (const next of drafts) {
    const key = detectionKey(next.rule);
    const existing = kept.get(key);
    if (!existing) {
      kept.set(key, next);
      continue;
    }
    const rule = existing.rule;
    const other = next.rule;
    const description =
      other.description && rule.description !== other.description && !rule.description?.includes(other.description)
        ? `${rule.description ?? ''} ${other.description}`.trim()
        : rule.description;
    const tags = mergeTags(rule.tags ?? [], other.tags ?? []);
    const level = LEVELS.indexOf(other.level ?? '') > LEVELS.indexOf(rule.level ?? '') ? other.level : rule.level;
    kept.set(key, {
      ...existing,
      rule: {
        ...rule,
        ...(description ? { description } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        falsepositives: [...new Set([...(rule.falsepositives ?? []), ...(other.falsepositives ?? [])])],
        ...(level ? { level } : {}),
      },
      detectionValues: [...new Set([...existing.detectionValues, ...next.detectionValues])],
    });
  }
  return [...kept.values()];
}
