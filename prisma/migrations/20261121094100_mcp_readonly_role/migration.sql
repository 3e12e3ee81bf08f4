-- The role the MCP tool server's query_sql switches to (SET LOCAL ROLE) for every query: SELECT on an
-- allowlist of tables only. Never: settings, api_tokens, mcp_confirmation_requests, audit_events,
-- enrichment_conversations (system prompts), job_locks, consumed_messages, _prisma_migrations.
-- Keep this list equal to READ_ONLY_TABLES in libs/services/mcp/src/sql/table-allowlist.ts.
--
-- Roles are cluster-wide while grants are per database, so the role is created only when missing and a
-- concurrent migration of another database creating it first is not an error. A migrating user without
-- CREATEROLE gets a notice instead of a failed migration; query_sql then refuses to run (it checks the
-- role exists) until an administrator runs this file's statements.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'huntforge_mcp_readonly') THEN
    BEGIN
      CREATE ROLE huntforge_mcp_readonly NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL;
      WHEN insufficient_privilege THEN
        RAISE NOTICE 'huntforge_mcp_readonly not created (no CREATEROLE privilege): query_sql stays disabled';
        RETURN;
    END;
  END IF;

  -- The migrating user must be a member to SET ROLE to it (superusers always may).
  IF NOT pg_has_role(current_user, 'huntforge_mcp_readonly', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT huntforge_mcp_readonly TO %I', current_user);
    EXCEPTION
      WHEN insufficient_privilege THEN
        RAISE NOTICE 'could not grant huntforge_mcp_readonly to %: query_sql stays disabled', current_user;
        RETURN;
    END;
  END IF;

  EXECUTE format('GRANT USAGE ON SCHEMA %I TO huntforge_mcp_readonly', current_schema());
  EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM huntforge_mcp_readonly', current_schema());
  GRANT SELECT ON
    "sources",
    "collection_runs",
    "articles",
    "article_annotations",
    "chunk_classification_feedback",
    "chunk_analyses",
    "chunk_debug_progress",
    "model_versions",
    "model_retrain_runs",
    "workflow_config_versions",
    "agent_prompts",
    "agent_prompt_versions",
    "workflow_presets",
    "workflow_executions",
    "execution_stages",
    "evaluation_records",
    "sigma_reference_rules",
    "sigma_rule_atoms",
    "sigma_queue_items",
    "enrichment_turns",
    "scheduled_job_configs",
    "scheduled_job_runs"
  TO huntforge_mcp_readonly;
END
$$;
