import { Router } from 'express';
import { auditQuerySchema } from '@huntforge/contracts';
import type { PrismaClient } from '@huntforge/data';
import { parseOrThrow } from '@huntforge/platform';
import { AuditEventRepository } from './audit-event-repository';
import { listAuditEvents } from './list-audit-events';

/** The audit trail for admins (the access rule gives /api/audit to admin only). */
export function auditRouter(prisma: PrismaClient): Router {
  const repo = new AuditEventRepository(prisma);
  const router = Router();
  router.get('/api/audit', async (req, res) => {
    const query = parseOrThrow(auditQuerySchema, req.query, 'query');
    res.json(await listAuditEvents(repo, query));
  });
  return router;
}
