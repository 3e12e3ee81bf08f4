-- A run requeued because a peer service could not be reached counts its requeues: past the cap it fails
-- (termination_reason peer_unreachable) instead of re-running its stages, and their model calls, forever.
ALTER TABLE "workflow_executions" ADD COLUMN "transport_requeues" INTEGER NOT NULL DEFAULT 0;
