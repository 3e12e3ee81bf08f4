-- Content-filter model artifacts in the database, so every replica serves the current model after a retrain or rollback.
-- CreateTable
CREATE TABLE "model_artifacts" (
    "id" SERIAL NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "model_artifacts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "model_artifacts_kind_version_key" ON "model_artifacts"("kind", "version");

-- CreateIndex
CREATE UNIQUE INDEX "model_artifacts_one_live" ON "model_artifacts"("kind") WHERE ((kind)::text = 'live'::text);
