import { SIGMA_ERROR_CODES } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import { validateSigmaRule, type Finding } from '@huntforge/sigma';

export interface RuleFacts {
  valid: boolean;
  title: string;
  level: string | null;
  tags: string[];
  findings: Finding[];
}

const UNTITLED = 'Untitled rule';

/** What the queue stores about rule text, valid or not: title, level, tags and the validator's findings. */
export function ruleFacts(ruleYaml: string): RuleFacts {
  const result = validateSigmaRule(ruleYaml);
  const doc = result.rule?.doc ?? {};
  const title = typeof doc['title'] === 'string' && doc['title'].trim() ? doc['title'] : UNTITLED;
  const tags = doc['tags'];
  return {
    valid: result.valid && result.rule !== undefined,
    title,
    level: typeof doc['level'] === 'string' ? doc['level'] : null,
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    findings: result.findings,
  };
}

/** Validates rule YAML for the queue; an invalid rule is a 400 `invalid_sigma` listing the findings. */
export function requireValidRule(ruleYaml: string): RuleFacts {
  const facts = ruleFacts(ruleYaml);
  if (!facts.valid) throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, 'The rule is not valid Sigma', { findings: facts.findings });
  return facts;
}
