/**
 * Error codes of the MCP area: HTTP error bodies of the confirmation and audit routes, and the `code`
 * of a tool's error result (`{"error": {"code", "message"}}` as the tool's text content).
 */
export const MCP_ERROR_CODES = {
  confirmationNotFound: 'confirmation_not_found',
  confirmationNotPending: 'confirmation_not_pending',
  confirmationExpired: 'confirmation_expired',
  selfConfirmation: 'self_confirmation',
  invalidCursor: 'invalid_cursor',
  invalidArguments: 'invalid_arguments',
  notFound: 'not_found',
  forbidden: 'forbidden',
  sqlRefused: 'sql_refused',
  sqlFailed: 'sql_failed',
  sqlUnavailable: 'sql_unavailable',
  // The embedded database runs one statement at a time: a plan estimated too costly would stall every request.
  sqlTooCostly: 'sql_too_costly',
  // ... and so takes one query_sql at a time with a short queue: a query beyond it is refused, not queued.
  sqlBusy: 'sql_busy',
  cancelled: 'cancelled',
  writeTargetUnavailable: 'write_target_unavailable',
  upstreamError: 'upstream_error',
  featureUnavailable: 'feature_unavailable',
  // A high-risk request refused when filed, because it could not run when confirmed.
  queueItemNotFound: 'queue_item_not_found',
  articleNotFound: 'article_not_found',
  invalidWorkflowConfig: 'invalid_workflow_config',
  modelVersionNotFound: 'model_version_not_found',
  modelArtifactMissing: 'model_artifact_missing',
  // convert_sigma_rule: the same codes as POST /api/sigma/convert.
  invalidSigma: 'invalid_sigma',
  unknownTarget: 'unknown_target',
  unknownPipeline: 'unknown_pipeline',
  unknownOutputFormat: 'unknown_output_format',
} as const;

export type McpErrorCode = (typeof MCP_ERROR_CODES)[keyof typeof MCP_ERROR_CODES];
