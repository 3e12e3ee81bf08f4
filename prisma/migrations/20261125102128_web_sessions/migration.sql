-- Browser sign-ins (AUTH_MODE=required): one row per session cookie, stored as its SHA-256 only.
-- CreateTable
CREATE TABLE "web_sessions" (
    "id" UUID NOT NULL,
    "session_hash" VARCHAR(64) NOT NULL,
    "api_token_id" INTEGER NOT NULL,
    "user_agent" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "web_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "web_sessions_session_hash_key" ON "web_sessions"("session_hash");

-- CreateIndex
CREATE INDEX "web_sessions_api_token_id_idx" ON "web_sessions"("api_token_id");

-- CreateIndex
CREATE INDEX "web_sessions_expires_at_idx" ON "web_sessions"("expires_at");

-- AddForeignKey
ALTER TABLE "web_sessions" ADD CONSTRAINT "web_sessions_api_token_id_fkey" FOREIGN KEY ("api_token_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;
