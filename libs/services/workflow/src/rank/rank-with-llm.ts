import { SETTINGS_ERROR_CODES } from '@huntforge/contracts/settings';
import {
  WORKFLOW_ERROR_CODES,
  rankAgentOutputSchema,
  type RankWithLlmParams,
  type RankWithLlmResponse,
} from '@huntforge/contracts/workflow';
import type { ArticleTextReader } from '@huntforge/data';
import { createProviderFromSettings, isLlmError, type LlmError, type SettingsSource } from '@huntforge/llm';
import { HttpError } from '@huntforge/platform';
import type { ModelRegistry } from '../providers/model-registry';
import type { WorkflowServiceConfig } from '../service-config';
import { buildAgentMessages } from '../prompts/agent-messages';
import type { DefaultPrompts } from '../prompts/default-prompts';
import type { WorkflowConfigRepository } from '../repositories/config-repository';
import type { PromptRepository } from '../repositories/prompt-repository';

export interface RankWithLlmDeps {
  articles: Pick<ArticleTextReader, 'find'>;
  settings: SettingsSource;
  configs: Pick<WorkflowConfigRepository, 'ensureActive'>;
  prompts: Pick<PromptRepository, 'current'>;
  defaults: Pick<DefaultPrompts, 'prompt'>;
  registry: Pick<ModelRegistry, 'capabilities'>;
  config: Pick<WorkflowServiceConfig, 'codexPath' | 'llmTimeoutMs'>;
}

export interface RankWithLlmCommand extends RankWithLlmParams {
  /** Aborts the model call (the client hung up). */
  signal: AbortSignal;
}

/** Provider failures as answers: ours to explain, never the provider's raw text. */
export function httpErrorOfLlm(error: LlmError): HttpError {
  const details = { reason: error.code, provider: error.details.provider, upstream_status: error.details.status ?? null };
  switch (error.code) {
    case 'builtin_has_no_model':
      return new HttpError(409, WORKFLOW_ERROR_CODES.builtinHasNoModel, error.message, details);
    case 'provider_not_configured':
      return new HttpError(409, WORKFLOW_ERROR_CODES.providerNotConfigured, error.message, details);
    case 'credential_base_url_changed':
      return new HttpError(409, SETTINGS_ERROR_CODES.credentialBaseUrlChanged, error.message, details);
    case 'timeout':
      return new HttpError(504, WORKFLOW_ERROR_CODES.providerTimeout, error.message, details);
    case 'invalid_model_output':
      return new HttpError(502, WORKFLOW_ERROR_CODES.invalidModelOutput, error.message, details);
    default:
      return new HttpError(502, WORKFLOW_ERROR_CODES.providerError, error.message, details);
  }
}

/** POST /api/articles/{id}/rank-with-llm: the active RankAgent prompt and model score the article 0-10. */
export async function rankWithLlm(deps: RankWithLlmDeps, command: RankWithLlmCommand): Promise<RankWithLlmResponse> {
  const articleId = command.article_id;
  const article = await deps.articles.find(articleId);
  if (!article) throw new HttpError(404, WORKFLOW_ERROR_CODES.articleNotFound, `No article ${articleId}`, { article_id: articleId });
  const active = await deps.configs.ensureActive();
  const agent = active.settings.agents.RankAgent;
  if (agent.provider === 'builtin') {
    throw new HttpError(
      409,
      WORKFLOW_ERROR_CODES.builtinHasNoModel,
      'RankAgent uses the builtin provider, which has no model: choose a model provider in the workflow config',
      { agent: 'RankAgent' },
    );
  }
  if (!agent.model)
    throw new HttpError(409, WORKFLOW_ERROR_CODES.providerNotConfigured, 'RankAgent has no model configured', { agent: 'RankAgent' });
  const prompt = (await deps.prompts.current()).get('RankAgent')?.prompt ?? deps.defaults.prompt('RankAgent');
  try {
    const provider = await createProviderFromSettings(agent.provider, deps.settings, {
      capabilities: deps.registry.capabilities(),
      codexPath: deps.config.codexPath,
    });
    const result = await provider.complete(
      {
        model: agent.model,
        ...buildAgentMessages(prompt, article),
        temperature: agent.temperature,
        topP: agent.top_p,
        effort: agent.effort,
        maxOutputTokens: 1_000,
        responseSchema: rankAgentOutputSchema,
        timeoutMs: deps.config.llmTimeoutMs,
      },
      command.signal,
    );
    const output = result.json as { score: number; reasoning: string };
    const threshold = active.settings.thresholds.RankingThreshold;
    return {
      article_id: article.id,
      score: output.score,
      reasoning: output.reasoning,
      ranking_threshold: threshold,
      passes_threshold: output.score >= threshold,
      provider: result.provider,
      model: result.model,
      config_version: active.version,
      usage: { input_tokens: result.usage.inputTokens, output_tokens: result.usage.outputTokens, latency_ms: result.usage.latencyMs },
    };
  } catch (error) {
    throw isLlmError(error) ? httpErrorOfLlm(error) : error;
  }
}
