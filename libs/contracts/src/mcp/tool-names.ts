/** Read tools: any token (viewer and up). */
export const MCP_READ_TOOLS = [
  'search_articles',
  'get_article',
  'search_sigma_rules',
  'get_sigma_rule',
  'find_similar_sigma_rules',
  'list_sources',
  'list_workflow_executions',
  'get_workflow_execution',
  'get_execution_stix',
  'get_article_coverage',
  'list_sigma_queue',
  'get_queue_item',
  'get_stats',
  'list_tables',
  'describe_table',
  'query_sql',
  'my_requests',
  'validate_sigma_rule',
  'convert_sigma_rule',
  'article_keywords',
  'search_unified',
  'wait_for_execution',
] as const;

/** Low-risk writes: analyst and up; run at once and are audited. */
export const MCP_LOW_RISK_TOOLS = [
  'submit_chunk_feedback',
  'add_annotation',
  'add_queue_review_note',
  'trigger_workflow',
  'scrape_url',
  'backtest_queue_rule',
] as const;

/** High-risk writes: analyst and up may request; they only create a confirmation a person decides. */
export const MCP_HIGH_RISK_TOOLS = [
  'approve_queue_rule',
  'reject_queue_rule',
  'submit_queue_rule',
  'update_workflow_config',
  'update_auto_trigger_threshold',
  'delete_article',
  'retrain_model',
  'rollback_model',
] as const;

export type McpReadTool = (typeof MCP_READ_TOOLS)[number];
export type McpLowRiskTool = (typeof MCP_LOW_RISK_TOOLS)[number];
export type McpHighRiskTool = (typeof MCP_HIGH_RISK_TOOLS)[number];
export type McpToolName = McpReadTool | McpLowRiskTool | McpHighRiskTool;
