-- pgvector: the embedding columns below are vector(384).
CREATE EXTENSION IF NOT EXISTS vector;

-- CreateEnum
CREATE TYPE "source_kind" AS ENUM ('rss', 'atom', 'jsonfeed', 'html');

-- CreateEnum
CREATE TYPE "collection_run_status" AS ENUM ('running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "execution_status" AS ENUM ('pending', 'running', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "sigma_queue_status" AS ENUM ('pending', 'needs_review', 'approved', 'rejected', 'submitted');

-- CreateEnum
CREATE TYPE "sigma_queue_source" AS ENUM ('generated', 'publisher');

-- CreateEnum
CREATE TYPE "job_run_outcome" AS ENUM ('running', 'succeeded', 'failed', 'skipped');

-- CreateEnum
CREATE TYPE "api_token_role" AS ENUM ('viewer', 'analyst', 'admin');

-- CreateEnum
CREATE TYPE "confirmation_status" AS ENUM ('pending', 'confirmed', 'rejected', 'expired', 'failed');

-- CreateTable
CREATE TABLE "sources" (
    "id" SERIAL NOT NULL,
    "identifier" VARCHAR(100) NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "kind" "source_kind" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "check_frequency_seconds" INTEGER NOT NULL DEFAULT 1800,
    "lookback_days" INTEGER NOT NULL DEFAULT 180,
    "min_content_length" INTEGER NOT NULL DEFAULT 200,
    "image_ocr_enabled" BOOLEAN,
    "config" JSONB NOT NULL DEFAULT '{}',
    "last_checked_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "etag" TEXT,
    "last_modified" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collection_runs" (
    "id" SERIAL NOT NULL,
    "source_id" INTEGER NOT NULL,
    "status" "collection_run_status" NOT NULL DEFAULT 'running',
    "trigger" VARCHAR(20) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "items_found" INTEGER NOT NULL DEFAULT 0,
    "articles_created" INTEGER NOT NULL DEFAULT 0,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "detail" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "collection_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "articles" (
    "id" SERIAL NOT NULL,
    "source_id" INTEGER NOT NULL,
    "canonical_url" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "content_hash" VARCHAR(64) NOT NULL,
    "simhash" BIGINT NOT NULL,
    "simhash_bands" INTEGER[],
    "duplicate_of_id" INTEGER,
    "hunt_score" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "keyword_matches" JSONB NOT NULL DEFAULT '{}',
    "published_at" TIMESTAMPTZ(3),
    "collected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "embedding" vector(384),
    "embedding_model" VARCHAR(100),
    "embedded_at" TIMESTAMPTZ(3),
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "articles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "article_annotations" (
    "id" SERIAL NOT NULL,
    "article_id" INTEGER NOT NULL,
    "annotation_type" VARCHAR(50) NOT NULL,
    "selected_text" TEXT NOT NULL,
    "start_position" INTEGER NOT NULL,
    "end_position" INTEGER NOT NULL,
    "used_for_training" BOOLEAN NOT NULL DEFAULT false,
    "created_by" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "article_annotations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chunk_classification_feedback" (
    "id" SERIAL NOT NULL,
    "article_id" INTEGER NOT NULL,
    "chunk_id" INTEGER NOT NULL,
    "chunk_text" TEXT NOT NULL,
    "model_classification" VARCHAR(20) NOT NULL,
    "model_confidence" DOUBLE PRECISION NOT NULL,
    "model_reason" TEXT,
    "is_correct" BOOLEAN NOT NULL,
    "user_classification" VARCHAR(20),
    "comment" TEXT,
    "used_for_training" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chunk_classification_feedback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chunk_analyses" (
    "id" SERIAL NOT NULL,
    "article_id" INTEGER NOT NULL,
    "chunk_id" INTEGER NOT NULL,
    "chunk_start" INTEGER NOT NULL,
    "chunk_end" INTEGER NOT NULL,
    "model_version" INTEGER NOT NULL,
    "label" VARCHAR(20) NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "has_perfect_keyword" BOOLEAN NOT NULL DEFAULT false,
    "kept" BOOLEAN NOT NULL,
    "features" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chunk_analyses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chunk_debug_progress" (
    "article_id" INTEGER NOT NULL,
    "in_progress" BOOLEAN NOT NULL DEFAULT false,
    "phase" VARCHAR(20),
    "processed_chunks" INTEGER NOT NULL DEFAULT 0,
    "total_chunks" INTEGER NOT NULL DEFAULT 0,
    "article_total_chunks" INTEGER NOT NULL DEFAULT 0,
    "chunk_limit_applied" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chunk_debug_progress_pkey" PRIMARY KEY ("article_id")
);

-- CreateTable
CREATE TABLE "model_versions" (
    "id" SERIAL NOT NULL,
    "version" INTEGER NOT NULL,
    "featurizer_version" INTEGER NOT NULL,
    "metrics" JSONB NOT NULL DEFAULT '{}',
    "metrics_source" VARCHAR(20) NOT NULL DEFAULT 'holdout',
    "eval_set_size" INTEGER,
    "is_current" BOOLEAN NOT NULL DEFAULT false,
    "model_file_path" TEXT NOT NULL,
    "secondary_model_file_path" TEXT,
    "training_samples" INTEGER NOT NULL DEFAULT 0,
    "feedback_samples" INTEGER NOT NULL DEFAULT 0,
    "annotation_samples" INTEGER NOT NULL DEFAULT 0,
    "training_duration_ms" INTEGER,
    "comparison" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "evaluated_at" TIMESTAMPTZ(3),

    CONSTRAINT "model_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "model_retrain_runs" (
    "id" SERIAL NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "message" TEXT,
    "new_version" INTEGER,
    "result" JSONB,
    "requested_by" VARCHAR(200),
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "model_retrain_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_config_versions" (
    "id" SERIAL NOT NULL,
    "version" INTEGER NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT false,
    "config" JSONB NOT NULL,
    "auto_trigger_hunt_score_threshold" DOUBLE PRECISION NOT NULL DEFAULT 100,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_config_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_prompts" (
    "id" SERIAL NOT NULL,
    "agent_name" VARCHAR(100) NOT NULL,
    "prompt" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_prompts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_prompt_versions" (
    "id" SERIAL NOT NULL,
    "agent_name" VARCHAR(100) NOT NULL,
    "version" INTEGER NOT NULL,
    "prompt" JSONB NOT NULL,
    "config_version" INTEGER,
    "change_description" TEXT,
    "created_by" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_prompt_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_presets" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT,
    "config" JSONB NOT NULL,
    "is_quickstart" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_presets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_executions" (
    "id" SERIAL NOT NULL,
    "article_id" INTEGER NOT NULL,
    "status" "execution_status" NOT NULL DEFAULT 'pending',
    "current_step" VARCHAR(50),
    "config_snapshot" JSONB NOT NULL,
    "config_version" INTEGER,
    "is_eval_run" BOOLEAN NOT NULL DEFAULT false,
    "triggered_by" VARCHAR(20) NOT NULL DEFAULT 'manual',
    "retry_of_id" INTEGER,
    "worker_id" VARCHAR(200),
    "heartbeat_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "platform_detection" JSONB,
    "junk_filter_summary" JSONB,
    "rank_score" DOUBLE PRECISION,
    "rank_reasoning" TEXT,
    "extraction_counts" JSONB,
    "extraction_result" JSONB,
    "sigma_rules" JSONB,
    "termination_reason" VARCHAR(100),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workflow_executions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "execution_stages" (
    "id" SERIAL NOT NULL,
    "execution_id" INTEGER NOT NULL,
    "stage" VARCHAR(50) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "duration_ms" INTEGER,
    "summary" JSONB,
    "error" TEXT,
    "log_lines" JSONB NOT NULL DEFAULT '[]',
    "usage" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "execution_stages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_records" (
    "id" SERIAL NOT NULL,
    "subagent" VARCHAR(100) NOT NULL,
    "article_id" INTEGER,
    "article_url" TEXT,
    "workflow_execution_id" INTEGER,
    "config_version" INTEGER,
    "model" VARCHAR(200),
    "provider" VARCHAR(50),
    "status" VARCHAR(20) NOT NULL DEFAULT 'pending',
    "expected_count" INTEGER,
    "actual_count" INTEGER,
    "expected_items" JSONB,
    "actual_items" JSONB,
    "matched_count" INTEGER,
    "missed_count" INTEGER,
    "extra_count" INTEGER,
    "score" DOUBLE PRECISION,
    "output" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "evaluation_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sigma_reference_rules" (
    "id" SERIAL NOT NULL,
    "rule_id" VARCHAR(100) NOT NULL,
    "origin" VARCHAR(20) NOT NULL DEFAULT 'sigmahq',
    "path" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "author" TEXT,
    "status" VARCHAR(20),
    "level" VARCHAR(20),
    "license" VARCHAR(50) NOT NULL DEFAULT 'DRL-1.1',
    "yaml" TEXT NOT NULL,
    "content_hash" VARCHAR(64) NOT NULL,
    "telemetry_class" VARCHAR(50),
    "logsource" JSONB NOT NULL DEFAULT '{}',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "embedding" vector(384),
    "indexed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sigma_reference_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sigma_rule_atoms" (
    "id" SERIAL NOT NULL,
    "rule_id" INTEGER NOT NULL,
    "atom" TEXT NOT NULL,
    "polarity" VARCHAR(10) NOT NULL DEFAULT 'positive',
    "telemetry_class" VARCHAR(50),

    CONSTRAINT "sigma_rule_atoms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sigma_queue_items" (
    "id" SERIAL NOT NULL,
    "status" "sigma_queue_status" NOT NULL DEFAULT 'pending',
    "source" "sigma_queue_source" NOT NULL DEFAULT 'generated',
    "workflow_execution_id" INTEGER,
    "article_id" INTEGER,
    "rule_yaml" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "level" VARCHAR(20),
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "telemetry_class" VARCHAR(50),
    "max_similarity" DOUBLE PRECISION,
    "similarity_inconclusive" BOOLEAN NOT NULL DEFAULT false,
    "matches" JSONB NOT NULL DEFAULT '[]',
    "validation_findings" JSONB NOT NULL DEFAULT '[]',
    "provenance" JSONB,
    "delivery_permitted" BOOLEAN,
    "conversation_id" INTEGER,
    "reviewer" VARCHAR(100),
    "review_notes" JSONB NOT NULL DEFAULT '[]',
    "rejection_reason" TEXT,
    "pr_url" TEXT,
    "reviewed_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sigma_queue_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enrichment_conversations" (
    "id" SERIAL NOT NULL,
    "queue_item_id" INTEGER NOT NULL,
    "provider" VARCHAR(50) NOT NULL,
    "model" VARCHAR(200) NOT NULL,
    "system_prompt" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enrichment_conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "enrichment_turns" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "turn_index" INTEGER NOT NULL,
    "role" VARCHAR(20) NOT NULL,
    "content" TEXT NOT NULL,
    "rule_yaml" TEXT,
    "usage" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "enrichment_turns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "id" SERIAL NOT NULL,
    "key" VARCHAR(100) NOT NULL,
    "value" TEXT,
    "is_secret" BOOLEAN NOT NULL DEFAULT false,
    "ciphertext" TEXT,
    "iv" VARCHAR(32),
    "auth_tag" VARCHAR(32),
    "hint" VARCHAR(20),
    "updated_by" VARCHAR(100),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_job_configs" (
    "job_id" VARCHAR(100) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "cron" VARCHAR(100) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scheduled_job_configs_pkey" PRIMARY KEY ("job_id")
);

-- CreateTable
CREATE TABLE "scheduled_job_runs" (
    "id" SERIAL NOT NULL,
    "job_id" VARCHAR(100) NOT NULL,
    "holder" VARCHAR(200) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "outcome" "job_run_outcome" NOT NULL DEFAULT 'running',
    "detail" JSONB,

    CONSTRAINT "scheduled_job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_locks" (
    "name" VARCHAR(200) NOT NULL,
    "holder" VARCHAR(200) NOT NULL,
    "acquired_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_locks_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" SERIAL NOT NULL,
    "type" VARCHAR(100) NOT NULL,
    "actor" VARCHAR(200),
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "role" "api_token_role" NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mcp_confirmation_requests" (
    "id" UUID NOT NULL,
    "tool" VARCHAR(100) NOT NULL,
    "arguments" JSONB NOT NULL,
    "requested_by" VARCHAR(200) NOT NULL,
    "status" "confirmation_status" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_by" VARCHAR(200),
    "decided_at" TIMESTAMPTZ(3),
    "decision_reason" TEXT,
    "result" JSONB,
    "error" TEXT,

    CONSTRAINT "mcp_confirmation_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consumed_messages" (
    "consumer" VARCHAR(200) NOT NULL,
    "message_id" VARCHAR(100) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consumed_messages_pkey" PRIMARY KEY ("consumer","message_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sources_identifier_key" ON "sources"("identifier");

-- CreateIndex
CREATE INDEX "sources_active_idx" ON "sources"("active");

-- CreateIndex
CREATE INDEX "collection_runs_source_id_started_at_idx" ON "collection_runs"("source_id", "started_at");

-- CreateIndex
CREATE INDEX "collection_runs_status_idx" ON "collection_runs"("status");

-- CreateIndex
CREATE UNIQUE INDEX "articles_canonical_url_key" ON "articles"("canonical_url");

-- CreateIndex
CREATE UNIQUE INDEX "articles_content_hash_key" ON "articles"("content_hash");

-- CreateIndex
CREATE INDEX "articles_source_id_published_at_idx" ON "articles"("source_id", "published_at");

-- CreateIndex
CREATE INDEX "articles_hunt_score_idx" ON "articles"("hunt_score");

-- CreateIndex
CREATE INDEX "articles_published_at_idx" ON "articles"("published_at");

-- CreateIndex
CREATE INDEX "articles_collected_at_idx" ON "articles"("collected_at");

-- CreateIndex
CREATE INDEX "articles_duplicate_of_id_idx" ON "articles"("duplicate_of_id");

-- CreateIndex
CREATE INDEX "articles_simhash_bands_idx" ON "articles" USING GIN ("simhash_bands");

-- CreateIndex
CREATE INDEX "article_annotations_article_id_idx" ON "article_annotations"("article_id");

-- CreateIndex
CREATE INDEX "article_annotations_annotation_type_used_for_training_idx" ON "article_annotations"("annotation_type", "used_for_training");

-- CreateIndex
CREATE INDEX "chunk_classification_feedback_article_id_chunk_id_created_a_idx" ON "chunk_classification_feedback"("article_id", "chunk_id", "created_at");

-- CreateIndex
CREATE INDEX "chunk_classification_feedback_used_for_training_idx" ON "chunk_classification_feedback"("used_for_training");

-- CreateIndex
CREATE INDEX "chunk_analyses_model_version_idx" ON "chunk_analyses"("model_version");

-- CreateIndex
CREATE UNIQUE INDEX "chunk_analyses_article_id_chunk_id_model_version_key" ON "chunk_analyses"("article_id", "chunk_id", "model_version");

-- CreateIndex
CREATE UNIQUE INDEX "model_versions_version_key" ON "model_versions"("version");

-- CreateIndex
CREATE UNIQUE INDEX "model_versions_one_current" ON "model_versions"("is_current") WHERE (is_current);

-- CreateIndex
CREATE INDEX "model_retrain_runs_started_at_idx" ON "model_retrain_runs"("started_at");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_config_versions_version_key" ON "workflow_config_versions"("version");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_config_versions_one_active" ON "workflow_config_versions"("is_active") WHERE (is_active);

-- CreateIndex
CREATE UNIQUE INDEX "agent_prompts_agent_name_key" ON "agent_prompts"("agent_name");

-- CreateIndex
CREATE INDEX "agent_prompt_versions_agent_name_config_version_idx" ON "agent_prompt_versions"("agent_name", "config_version");

-- CreateIndex
CREATE UNIQUE INDEX "agent_prompt_versions_agent_name_version_key" ON "agent_prompt_versions"("agent_name", "version");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_presets_name_key" ON "workflow_presets"("name");

-- CreateIndex
CREATE INDEX "workflow_executions_article_id_status_idx" ON "workflow_executions"("article_id", "status");

-- CreateIndex
CREATE INDEX "workflow_executions_status_created_at_idx" ON "workflow_executions"("status", "created_at");

-- CreateIndex
CREATE INDEX "workflow_executions_status_heartbeat_at_idx" ON "workflow_executions"("status", "heartbeat_at");

-- CreateIndex
CREATE INDEX "workflow_executions_created_at_idx" ON "workflow_executions"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_executions_one_active_per_article" ON "workflow_executions"("article_id") WHERE (status = ANY (ARRAY['pending'::execution_status, 'running'::execution_status])) AND (NOT is_eval_run);

-- CreateIndex
CREATE INDEX "execution_stages_execution_id_started_at_idx" ON "execution_stages"("execution_id", "started_at");

-- CreateIndex
CREATE INDEX "evaluation_records_subagent_config_version_idx" ON "evaluation_records"("subagent", "config_version");

-- CreateIndex
CREATE INDEX "evaluation_records_status_created_at_idx" ON "evaluation_records"("status", "created_at");

-- CreateIndex
CREATE INDEX "evaluation_records_workflow_execution_id_idx" ON "evaluation_records"("workflow_execution_id");

-- CreateIndex
CREATE UNIQUE INDEX "sigma_reference_rules_rule_id_key" ON "sigma_reference_rules"("rule_id");

-- CreateIndex
CREATE INDEX "sigma_reference_rules_telemetry_class_idx" ON "sigma_reference_rules"("telemetry_class");

-- CreateIndex
CREATE INDEX "sigma_reference_rules_origin_path_idx" ON "sigma_reference_rules"("origin", "path");

-- CreateIndex
CREATE INDEX "sigma_reference_rules_content_hash_idx" ON "sigma_reference_rules"("content_hash");

-- CreateIndex
CREATE INDEX "sigma_rule_atoms_atom_idx" ON "sigma_rule_atoms"("atom");

-- CreateIndex
CREATE UNIQUE INDEX "sigma_rule_atoms_rule_id_atom_polarity_key" ON "sigma_rule_atoms"("rule_id", "atom", "polarity");

-- CreateIndex
CREATE INDEX "sigma_queue_items_status_created_at_idx" ON "sigma_queue_items"("status", "created_at");

-- CreateIndex
CREATE INDEX "sigma_queue_items_workflow_execution_id_idx" ON "sigma_queue_items"("workflow_execution_id");

-- CreateIndex
CREATE INDEX "sigma_queue_items_article_id_idx" ON "sigma_queue_items"("article_id");

-- CreateIndex
CREATE INDEX "sigma_queue_items_conversation_id_idx" ON "sigma_queue_items"("conversation_id");

-- CreateIndex
CREATE INDEX "enrichment_conversations_queue_item_id_created_at_idx" ON "enrichment_conversations"("queue_item_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "enrichment_turns_conversation_id_turn_index_key" ON "enrichment_turns"("conversation_id", "turn_index");

-- CreateIndex
CREATE UNIQUE INDEX "settings_key_key" ON "settings"("key");

-- CreateIndex
CREATE INDEX "scheduled_job_runs_job_id_started_at_idx" ON "scheduled_job_runs"("job_id", "started_at");

-- CreateIndex
CREATE INDEX "audit_events_type_created_at_idx" ON "audit_events"("type", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_name_key" ON "api_tokens"("name");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "mcp_confirmation_requests_status_expires_at_idx" ON "mcp_confirmation_requests"("status", "expires_at");

-- CreateIndex
CREATE INDEX "mcp_confirmation_requests_created_at_idx" ON "mcp_confirmation_requests"("created_at");

-- CreateIndex
CREATE INDEX "consumed_messages_consumed_at_idx" ON "consumed_messages"("consumed_at");

-- AddForeignKey
ALTER TABLE "collection_runs" ADD CONSTRAINT "collection_runs_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "articles" ADD CONSTRAINT "articles_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "articles" ADD CONSTRAINT "articles_duplicate_of_id_fkey" FOREIGN KEY ("duplicate_of_id") REFERENCES "articles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "article_annotations" ADD CONSTRAINT "article_annotations_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chunk_classification_feedback" ADD CONSTRAINT "chunk_classification_feedback_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chunk_analyses" ADD CONSTRAINT "chunk_analyses_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chunk_debug_progress" ADD CONSTRAINT "chunk_debug_progress_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_prompt_versions" ADD CONSTRAINT "agent_prompt_versions_config_version_fkey" FOREIGN KEY ("config_version") REFERENCES "workflow_config_versions"("version") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_retry_of_id_fkey" FOREIGN KEY ("retry_of_id") REFERENCES "workflow_executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "execution_stages" ADD CONSTRAINT "execution_stages_execution_id_fkey" FOREIGN KEY ("execution_id") REFERENCES "workflow_executions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_records" ADD CONSTRAINT "evaluation_records_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_records" ADD CONSTRAINT "evaluation_records_workflow_execution_id_fkey" FOREIGN KEY ("workflow_execution_id") REFERENCES "workflow_executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sigma_rule_atoms" ADD CONSTRAINT "sigma_rule_atoms_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "sigma_reference_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sigma_queue_items" ADD CONSTRAINT "sigma_queue_items_workflow_execution_id_fkey" FOREIGN KEY ("workflow_execution_id") REFERENCES "workflow_executions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sigma_queue_items" ADD CONSTRAINT "sigma_queue_items_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "articles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sigma_queue_items" ADD CONSTRAINT "sigma_queue_items_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "enrichment_conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrichment_conversations" ADD CONSTRAINT "enrichment_conversations_queue_item_id_fkey" FOREIGN KEY ("queue_item_id") REFERENCES "sigma_queue_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "enrichment_turns" ADD CONSTRAINT "enrichment_turns_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "enrichment_conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- HNSW indexes for cosine-distance search; Prisma's schema language cannot express them.
CREATE INDEX "articles_embedding_hnsw_idx" ON "articles" USING hnsw ("embedding" vector_cosine_ops);

CREATE INDEX "sigma_reference_rules_embedding_hnsw_idx" ON "sigma_reference_rules" USING hnsw ("embedding" vector_cosine_ops);
