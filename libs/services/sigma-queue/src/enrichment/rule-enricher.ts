import { builtinChatTurn, enrichRuleBuiltin, type ChatTurnOutcome, type EnrichmentContext } from '@huntforge/sigma';

export interface EnrichInput {
  ruleYaml: string;
  model: string;
  context: EnrichmentContext;
}

export interface EnrichOutput {
  ruleYaml: string;
  changes: string[];
  /** Stored with the conversation, never returned to the browser. */
  systemPrompt: string;
}

export interface ChatInput {
  ruleYaml: string;
  model: string;
  systemPrompt: string;
  message: string;
  history: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>;
}

/**
 * The port enrichment goes through. The builtin implementation is deterministic; model providers
 * (libs/llm) plug in as further enrichers under their provider name. A conversation stays bound to
 * the provider and model of its enrichment. `chatTurn` must refuse turns that are not about
 * revising this rule or discussing earlier turns (`out_of_scope`).
 */
export interface RuleEnricher {
  readonly provider: string;
  readonly defaultModel: string;
  enrich(input: EnrichInput): Promise<EnrichOutput>;
  chatTurn(input: ChatInput): Promise<ChatTurnOutcome>;
}

const BUILTIN_SYSTEM_PROMPT =
  'builtin enricher: fill missing description, references, falsepositives, level and ATT&CK tags; ' +
  'normalise field names; follow-up turns may only revise this rule or discuss earlier turns.';

export const builtinRuleEnricher: RuleEnricher = {
  provider: 'builtin',
  defaultModel: 'builtin-sigma-enricher-v1',
  async enrich({ ruleYaml, context }) {
    const result = enrichRuleBuiltin(ruleYaml, context);
    return { ruleYaml: result.ruleYaml, changes: result.changes, systemPrompt: BUILTIN_SYSTEM_PROMPT };
  },
  async chatTurn({ ruleYaml, message, history }) {
    return builtinChatTurn({ ruleYaml, message, history });
  },
};
