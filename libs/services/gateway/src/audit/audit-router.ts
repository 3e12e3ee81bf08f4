import { Router } from 'express';
import { mcpRoutes } from '@huntforge/contracts/api';
import { mountRoute } from '@huntforge/platform';
import { listAuditEvents, type ListAuditEventsDeps } from './list-audit-events';

/** The audit trail for admins (the access rule gives /api/audit to admin only). */
export function auditRouter(deps: ListAuditEventsDeps): Router {
  const router = Router();
  mountRoute(router, mcpRoutes.getAudit, ({ query }) => listAuditEvents(deps, query));
  return router;
}
