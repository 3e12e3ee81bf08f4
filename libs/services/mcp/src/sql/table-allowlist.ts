/**
 * The tables query_sql, list_tables and describe_table may see. Keep equal to the GRANT list of
 * prisma/migrations/20261121094100_mcp_readonly_role (a test checks the role's grants against it).
 */
export const READ_ONLY_TABLES: Readonly<Record<string, string>> = {
  sources: 'Configured feeds and pages articles are collected from',
  collection_runs: 'One collection attempt of a source with its counts',
  articles: 'Collected CTI articles (content is untrusted text), hunt score, keyword matches',
  article_annotations: 'Text spans people marked (huntability and observable annotations)',
  chunk_classification_feedback: "Feedback on the junk filter's chunk classifications",
  chunk_analyses: 'Per-chunk junk-filter decisions per model version',
  chunk_debug_progress: 'Progress of per-article chunk analysis',
  model_versions: 'Content-filter model versions and their metrics',
  model_retrain_runs: 'Retrain attempts and their status',
  workflow_config_versions: 'Saved workflow configurations (thresholds, agents)',
  agent_prompts: 'Current prompt per agent',
  agent_prompt_versions: 'Prompt history per agent',
  workflow_presets: 'Saved workflow presets',
  workflow_executions: 'Workflow runs per article: status, extraction result, Sigma rules',
  execution_stages: 'Stage records of each workflow run',
  evaluation_records: 'Extraction-agent evaluation records',
  sigma_reference_rules: 'Reference Sigma rules (SigmaHQ, DRL 1.1: keep author attribution) and customer rules',
  sigma_rule_atoms: 'field|modifier|value atoms of reference rules (similarity index)',
  sigma_queue_items: 'Generated and publisher rules awaiting review',
  enrichment_turns: 'Turns of rule-enrichment conversations',
  scheduled_job_configs: 'Enabled flag and cron of scheduled jobs',
  scheduled_job_runs: 'Runs of scheduled jobs',
};

/** Never readable through the tool server: credentials, tokens, confirmations, audit, system prompts, bookkeeping. */
export const DENIED_RELATIONS: readonly string[] = [
  'settings',
  'api_tokens',
  'web_sessions',
  'mcp_confirmation_requests',
  'audit_events',
  'enrichment_conversations',
  'job_locks',
  'consumed_messages',
  '_prisma_migrations',
  'information_schema',
];

export const READ_ONLY_ROLE = 'huntforge_mcp_readonly';

export function isReadableTable(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(READ_ONLY_TABLES, name);
}
