export { createWorkflowModule, type WorkflowModuleOptions } from './module';
export { WORKFLOW_ENV } from './env';
// For the pipeline and executions: the active config as a typed snapshot, and how agents resolve their model.
export { getActiveWorkflowConfig, toConfigSnapshot, createActiveConfigSource, type ActiveWorkflowConfig } from './config/active-config';
export { resolveAgentModel, type ResolvedAgentModel } from './config/agent-resolution';
export { buildAgentMessages, MAX_ARTICLE_CHARS, type AgentArticle } from './prompts/agent-messages';
export { systemPromptOf } from './prompts/default-prompts';
export { httpErrorOfLlm } from './rank/rank-with-llm';
