import { Router } from 'express';
import { sigmaQueueRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute } from '@huntforge/platform';
import { convertRule } from '../convert/convert-rule';
import { getReferenceRule } from '../corpus/get-reference-rule';
import type { SigmaQueuePorts } from '../ports';
import { findSimilarRules } from '../similarity/find-similar-rules';
import { validateRule } from '../validate/validate-rule';

/** /api/sigma: stateless validation, conversion, similarity search and reference-rule lookup (for the UI and MCP). */
export function sigmaRouter(deps: SigmaQueuePorts): Router {
  const router = Router();
  mountRoute(router, routes.postSigmaValidate, async ({ body }) => validateRule(body));
  mountRoute(router, routes.postSigmaConvert, ({ body }) => convertRule(deps, body));
  mountRoute(router, routes.postSigmaSimilar, ({ body }) => findSimilarRules(deps, body));
  mountRoute(router, routes.getSigmaReferenceRules, ({ params }) => getReferenceRule(deps, { ruleId: params.rule_id }));
  return router;
}
