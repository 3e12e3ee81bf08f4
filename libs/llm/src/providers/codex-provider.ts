import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withRetries, type AttemptFailure } from '../call-control';
import { LlmError } from '../errors';
import type { ChatMessage, LlmProvider } from '../types';
import { retryPolicyOf, runCompletion, systemWithJsonRule, type ProviderBaseOptions } from './shared';

export interface CodexProviderOptions extends ProviderBaseOptions {
  /** The codex executable (CODEX_PATH); the SDK's bundled binary when unset. */
  codexPath?: string;
  /** Child environment; inherits process.env when unset (CODEX_HOME locates the deployment-managed login). */
  env?: Record<string, string>;
}

type CodexSdk = typeof import('@openai/codex-sdk');

/** The SDK is ESM-only; a real dynamic import loads it from this CommonJS build (and under jest with vm modules). */
function loadCodexSdk(): Promise<CodexSdk> {
  return import('@openai/codex-sdk');
}

let scratchDir: string | undefined;
/** An empty directory for codex to run in: it gets no repository and no files to look at. */
function emptyWorkingDirectory(): string {
  scratchDir ??= mkdtempSync(join(tmpdir(), 'huntforge-codex-'));
  return scratchDir;
}

function transcript(system: string, messages: ChatMessage[]): string {
  const turns = messages.map((message) => `[${message.role === 'user' ? 'User' : 'Assistant'}]\n${message.content}`);
  return [`[System instructions]\n${system}`, ...turns].join('\n\n');
}

export function classifyCodexError(error: unknown): AttemptFailure {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT')
    return { error: new LlmError('provider_not_configured', 'The codex executable was not found (set CODEX_PATH)', { provider: 'codex' }) };
  const message = error instanceof Error ? error.message : '';
  if (/not logged in|unauthori[sz]ed|\b401\b|login required/i.test(message)) {
    return {
      error: new LlmError('authentication_failed', 'codex is not logged in (run `codex login` on the deployment)', { provider: 'codex' }),
    };
  }
  if (/rate limit|usage limit|\b429\b/i.test(message))
    return { error: new LlmError('rate_limited', 'codex is rate limited', { provider: 'codex' }) };
  // Only our own words: the CLI's stderr can contain paths and account details.
  return { error: new LlmError('provider_error', 'codex failed to complete the turn', { provider: 'codex' }) };
}

/**
 * The subscription provider (the spec's provider_sub): @openai/codex-sdk driving the codex CLI on the
 * deployment-managed ChatGPT login. It shares OpenAI's model ids. The agent runs read-only, with no
 * network, no approvals and an empty working directory: it only answers.
 */
export function createCodexProvider(options: CodexProviderOptions = {}): LlmProvider {
  const policy = retryPolicyOf(options);
  return {
    id: 'codex',
    complete(request, signal) {
      return runCompletion('codex', request, signal, async (deadline) => {
        const { Codex } = await loadCodexSdk();
        const codex = new Codex({ codexPathOverride: options.codexPath, env: options.env });
        const prompt = transcript(systemWithJsonRule(request), request.messages);
        const { value, attempts } = await withRetries(
          policy,
          deadline,
          () => {
            const thread = codex.startThread({
              model: request.model,
              ...(request.effort ? { modelReasoningEffort: request.effort as 'low' | 'medium' | 'high' } : {}),
              sandboxMode: 'read-only',
              approvalPolicy: 'never',
              networkAccessEnabled: false,
              webSearchMode: 'disabled',
              skipGitRepoCheck: true,
              workingDirectory: emptyWorkingDirectory(),
            });
            return thread.run(prompt, { signal: deadline });
          },
          classifyCodexError,
        );
        return {
          text: value.finalResponse,
          inputTokens: value.usage?.input_tokens ?? 0,
          outputTokens: value.usage?.output_tokens ?? 0,
          model: request.model,
          attempts,
        };
      });
    },
  };
}
