import type { RouteResponse, sigmaQueueRoutes } from '@huntforge/contracts/api';
import { httpErrors } from '@huntforge/platform';
import type { ReferenceRuleRepository } from '../repositories/reference-rule-repository';

export interface GetReferenceRuleDeps {
  rules: Pick<ReferenceRuleRepository, 'find'>;
}

export interface GetReferenceRuleCommand {
  ruleId: string;
}

/** GET /api/sigma/reference-rules/{rule_id}: one reference rule with its author and licence. */
export async function getReferenceRule(
  deps: GetReferenceRuleDeps,
  command: GetReferenceRuleCommand,
): Promise<RouteResponse<typeof sigmaQueueRoutes.getSigmaReferenceRules>> {
  const rule = await deps.rules.find(command.ruleId);
  if (!rule) throw httpErrors.notFound(`No reference rule ${command.ruleId}`);
  return {
    rule_id: rule.ruleId,
    title: rule.title,
    author: rule.author,
    license: rule.license,
    path: rule.path,
    origin: rule.origin,
    status: rule.status,
    level: rule.level,
    tags: rule.tags,
    rule_yaml: rule.yaml,
  };
}
