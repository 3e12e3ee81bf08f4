-- Pages of the executions list and the review queue are found by id through these indexes (index-only),
-- newest first with ties broken by id, so a deep page no longer sorts or reads whole rows.
DROP INDEX IF EXISTS "workflow_executions_status_created_at_idx";
DROP INDEX IF EXISTS "workflow_executions_created_at_idx";
CREATE INDEX "workflow_executions_status_created_at_id_idx" ON "workflow_executions"("status", "created_at", "id");
CREATE INDEX "workflow_executions_created_at_id_idx" ON "workflow_executions"("created_at", "id");

DROP INDEX IF EXISTS "sigma_queue_items_status_created_at_idx";
CREATE INDEX "sigma_queue_items_status_created_at_id_idx" ON "sigma_queue_items"("status", "created_at", "id");
