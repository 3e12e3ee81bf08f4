-- Telemetry datasets uploaded to backtest queued Sigma rules on; sigma-queue owns them and drops them after expires_at.
-- CreateTable
CREATE TABLE "telemetry_datasets" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "container" VARCHAR(40) NOT NULL,
    "events" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "bytes" BYTEA NOT NULL,
    "problems" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "uploaded_by" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "telemetry_datasets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "telemetry_datasets_expires_at_idx" ON "telemetry_datasets"("expires_at");
