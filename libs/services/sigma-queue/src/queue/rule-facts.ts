import { SIGMA_ERROR_CODES } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import { validateSigmaRule, type Finding } from '@huntforge/sigma';

export interface RuleFacts {
  title: string;
  level: string | null;
  tags: string[];
  findings: Finding[];
}

/** Validates rule YAML for the queue; an invalid rule is a 400 `invalid_sigma` listing the findings. */
export function requireValidRule(ruleYaml: string): RuleFacts {
  const result = validateSigmaRule(ruleYaml);
  if (!result.valid || !result.rule) {
    throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, 'The rule is not valid Sigma', { findings: result.findings });
  }
  const doc = result.rule.doc;
  return {
    title: String(doc.title),
    level: typeof doc.level === 'string' ? doc.level : null,
    tags: Array.isArray(doc.tags) ? doc.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    findings: result.findings,
  };
}
