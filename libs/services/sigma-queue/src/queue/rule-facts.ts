import { SIGMA_ERROR_CODES } from '@huntforge/contracts/sigma';
import { HttpError } from '@huntforge/platform';
import { hasErrors, sortFindings, validateDocument, validateSigmaRule, type AnalysedDetection, type Finding } from '@huntforge/sigma';

export interface RuleFacts {
  valid: boolean;
  title: string;
  level: string | null;
  tags: string[];
  findings: Finding[];
  /** The parsed rule, for the similarity search; null when the text is not a YAML mapping. */
  doc: Record<string, unknown> | null;
  /**
   * With a mapping the sender loaded: what validating it read of its detection, so the similarity search
   * does not validate the rule a second time (analyseRuleDocument's `validated`).
   */
  validated?: { detection?: AnalysedDetection };
}

const UNTITLED = 'Untitled rule';

/** validateRuleDocument's verdict, with the detection it read kept beside it. */
function validateLoaded(doc: Record<string, unknown>) {
  const { findings, detection } = validateDocument(doc);
  return {
    valid: !hasErrors(findings),
    findings: sortFindings(findings),
    rule: { doc },
    validated: { detection },
  };
}

/**
 * What the queue stores about rule text, valid or not: title, level, tags and the validator's findings.
 * With the mapping the sender already loaded, the text is not parsed again.
 */
export function ruleFacts(ruleYaml: string, loaded?: Record<string, unknown>): RuleFacts {
  const result = loaded ? validateLoaded(loaded) : validateSigmaRule(ruleYaml);
  const doc = result.rule?.doc ?? null;
  const title = doc?.['title'];
  const level = doc?.['level'];
  const tags = doc?.['tags'];
  return {
    valid: result.valid && doc !== null,
    title: typeof title === 'string' && title.trim() ? title : UNTITLED,
    level: typeof level === 'string' ? level : null,
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    findings: result.findings,
    doc,
    ...('validated' in result ? { validated: result.validated } : {}),
  };
}

/** Validates rule YAML for the queue; an invalid rule is a 400 `invalid_sigma` listing the findings. */
export function requireValidRule(ruleYaml: string, loaded?: Record<string, unknown>): RuleFacts {
  const facts = ruleFacts(ruleYaml, loaded);
  if (!facts.valid) throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, 'The rule is not valid Sigma', { findings: facts.findings });
  return facts;
}
