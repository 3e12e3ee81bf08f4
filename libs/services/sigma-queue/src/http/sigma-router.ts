import { Router } from 'express';
import { similaritySearchRequestSchema, validateRuleRequestSchema, type ValidateRuleResponse } from '@huntforge/contracts';
import { HttpError, httpErrors, parseOrThrow } from '@huntforge/platform';
import { validateSigmaRule } from '@huntforge/sigma';
import type { CorpusIndex } from '../corpus/corpus-index';
import type { ReferenceRuleRepository } from '../repositories/reference-rule-repository';
import { searchSimilar, UnanalysableRuleError } from '../similarity/search-similar';
import { SIGMA_ERROR_CODES } from '@huntforge/contracts';

/** /api/sigma: stateless validation, similarity search and reference-rule lookup (for the UI and MCP). */
export function sigmaRouter(deps: { index: CorpusIndex; rules: ReferenceRuleRepository }): Router {
  const router = Router();
  router.post('/api/sigma/validate', (req, res) => {
    const { rule_yaml } = parseOrThrow(validateRuleRequestSchema, req.body, 'body');
    const result = validateSigmaRule(rule_yaml);
    const body: ValidateRuleResponse = { valid: result.valid, findings: result.findings };
    res.json(body);
  });
  router.post('/api/sigma/similar', async (req, res) => {
    const { rule_yaml, top } = parseOrThrow(similaritySearchRequestSchema, req.body, 'body');
    try {
      res.json(await searchSimilar(deps.index, rule_yaml, top));
    } catch (error) {
      if (error instanceof UnanalysableRuleError) {
        throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, error.message, { findings: validateSigmaRule(rule_yaml).findings });
      }
      throw error;
    }
  });
  router.get('/api/sigma/reference-rules/:rule_id', async (req, res) => {
    const rule = await deps.rules.find(String(req.params.rule_id));
    if (!rule) throw httpErrors.notFound(`No reference rule ${String(req.params.rule_id)}`);
    res.json({
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
    });
  });
  return router;
}
