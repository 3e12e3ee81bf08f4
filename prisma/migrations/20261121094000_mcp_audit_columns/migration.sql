-- MCP tool-call audit: the tool, its outcome and duration as columns, so GET /api/audit filters by them.
ALTER TABLE "audit_events" ADD COLUMN     "duration_ms" INTEGER,
ADD COLUMN     "outcome" VARCHAR(30),
ADD COLUMN     "tool" VARCHAR(100);

-- CreateIndex
CREATE INDEX "audit_events_tool_created_at_idx" ON "audit_events"("tool", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_actor_created_at_idx" ON "audit_events"("actor", "created_at");
