import type { ValidateRuleRequest, ValidateRuleResponse } from '@huntforge/contracts/sigma';
import { validateSigmaRule } from '@huntforge/sigma';

/** POST /api/sigma/validate: the rule's findings; nothing is stored, so no port is needed. */
export function validateRule(request: ValidateRuleRequest): ValidateRuleResponse {
  const result = validateSigmaRule(request.rule_yaml);
  return { valid: result.valid, findings: result.findings };
}
