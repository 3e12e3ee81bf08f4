-- The gateway's rate limits, shared by every replica (request counts per window, recent failed sign-ins).
-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" VARCHAR(300) NOT NULL,
    "window_start" BIGINT NOT NULL DEFAULT 0,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "hit_times" BIGINT[] DEFAULT ARRAY[]::BIGINT[],
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limit_buckets_expires_at_idx" ON "rate_limit_buckets"("expires_at");

-- Counts are worth nothing after a crash and must never wait on a disk flush: no write-ahead log.
ALTER TABLE "rate_limit_buckets" SET UNLOGGED;
