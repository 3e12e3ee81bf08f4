-- Nonces of the gateway's identity signatures, shared by every replica of a service (distributed shape), so a
-- request captured on its way to one replica cannot be replayed against another while its signature is fresh.
-- CreateTable
CREATE TABLE "signature_nonces" (
    "nonce" VARCHAR(128) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "signature_nonces_pkey" PRIMARY KEY ("nonce")
);

-- CreateIndex
CREATE INDEX "signature_nonces_expires_at_idx" ON "signature_nonces"("expires_at");

-- Worth nothing after a crash (the signatures they guard are stale by the time the database is back): no write-ahead log.
ALTER TABLE "signature_nonces" SET UNLOGGED;
