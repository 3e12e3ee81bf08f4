import { Router } from 'express';
import { mcpRoutes } from '@huntforge/contracts';
import type { AuditRepository } from '@huntforge/data';
import { mountRoute } from '@huntforge/platform';
import { listAuditEvents } from './list-audit-events';

/** The audit trail for admins (the access rule gives /api/audit to admin only). */
export function auditRouter(repo: Pick<AuditRepository, 'list'>): Router {
  const router = Router();
  mountRoute(router, mcpRoutes.getAudit, async ({ query }) => listAuditEvents(repo, query));
  return router;
}
