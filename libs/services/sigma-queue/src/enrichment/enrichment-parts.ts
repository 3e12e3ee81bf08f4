import { SIGMA_ERROR_CODES, type EnrichmentChatResponse } from '@huntforge/contracts/sigma';
import { HttpError } from '@huntforge/platform';
import type { RuleFacts } from '../queue/rule-facts';
import type { RuleEnricher } from './rule-enricher';

/** The provider by name, or 503 naming the ones there are. */
export function enricherFor(enrichers: ReadonlyMap<string, RuleEnricher>, provider: string): RuleEnricher {
  const enricher = enrichers.get(provider);
  if (!enricher) {
    throw new HttpError(503, SIGMA_ERROR_CODES.providerUnavailable, `Provider ${provider} is not available for enrichment`, {
      available: [...enrichers.keys()],
    });
  }
  return enricher;
}

/** The item fields a rule text sets: what the queue stores about it, with the mapping it loads to. */
export function itemFields(ruleYaml: string, facts: RuleFacts) {
  return {
    ruleYaml,
    ...(facts.doc ? { ruleDocument: facts.doc } : {}),
    title: facts.title,
    level: facts.level,
    tags: facts.tags,
    validationFindings: facts.findings,
  };
}

export function toTurnBody(turn: {
  turnIndex: number;
  role: string;
  content: string;
  ruleYaml: string | null;
  createdAt: Date;
}): EnrichmentChatResponse['turns'][number] {
  return {
    turn_index: turn.turnIndex,
    role: turn.role as 'user' | 'assistant',
    content: turn.content,
    rule_yaml: turn.ruleYaml,
    created_at: turn.createdAt.toISOString(),
  };
}
