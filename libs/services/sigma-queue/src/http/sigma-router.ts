import { Router } from 'express';
import { SIGMA_ERROR_CODES, sigmaQueueRoutes as routes } from '@huntforge/contracts';
import { HttpError, httpErrors, mountRoute } from '@huntforge/platform';
import { validateSigmaRule } from '@huntforge/sigma';
import type { SettingsReader } from '@huntforge/data';
import { convertRule } from '../convert/convert-rule';
import type { CorpusIndex } from '../corpus/corpus-index';
import type { ReferenceRuleRepository } from '../repositories/reference-rule-repository';
import { searchSimilar, UnanalysableRuleError } from '../similarity/search-similar';

/** /api/sigma: stateless validation, conversion, similarity search and reference-rule lookup (for the UI and MCP). */
export function sigmaRouter(deps: { index: CorpusIndex; rules: ReferenceRuleRepository; settings: SettingsReader }): Router {
  const router = Router();
  mountRoute(router, routes.postSigmaValidate, async ({ body: { rule_yaml } }) => {
    const result = validateSigmaRule(rule_yaml);
    return { valid: result.valid, findings: result.findings };
  });
  mountRoute(router, routes.postSigmaConvert, ({ body }) => convertRule(deps, body));
  mountRoute(router, routes.postSigmaSimilar, async ({ body: { rule_yaml, top } }) => {
    try {
      return await searchSimilar(deps.index, rule_yaml, top);
    } catch (error) {
      if (error instanceof UnanalysableRuleError) {
        throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, error.message, { findings: validateSigmaRule(rule_yaml).findings });
      }
      throw error;
    }
  });
  mountRoute(router, routes.getSigmaReferenceRules, async ({ params: { rule_id } }) => {
    const rule = await deps.rules.find(rule_id);
    if (!rule) throw httpErrors.notFound(`No reference rule ${rule_id}`);
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
  });
  return router;
}
