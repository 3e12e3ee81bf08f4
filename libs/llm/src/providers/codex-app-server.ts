import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { HUNTFORGE_VERSION } from '@huntforge/contracts';
import { LlmError } from '../errors';

export interface CodexEffortOption {
  level: string;
  description: string;
}

export interface CodexModelInfo {
  id: string;
  displayName: string | null;
  description: string | null;
  efforts: CodexEffortOption[];
  defaultEffort: string | null;
  isDefault: boolean;
}

export interface CodexAccount {
  /** chatgpt (the subscription login) or apiKey. */
  type: string;
  planType: string | null;
}

export interface CodexDiscovery {
  account: CodexAccount | null;
  requiresOpenaiAuth: boolean;
  models: CodexModelInfo[];
}

export interface CodexProcessOptions {
  /** The codex executable (CODEX_PATH); `codex` on PATH when unset. */
  codexPath?: string;
  /** Environment of the child; inherits process.env when unset (CODEX_HOME holds the login). */
  env?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface RpcResponse {
  id?: number;
  result?: unknown;
  error?: { message?: string };
}

const MAX_MODEL_PAGES = 10;

/**
 * Asks `codex app-server` (JSON-RPC over stdio) who is logged in and which models it offers with their
 * reasoning efforts, without running a model: initialize → initialized → account/read → model/list.
 */
export async function discoverCodex(options: CodexProcessOptions, wants: { models: boolean } = { models: true }): Promise<CodexDiscovery> {
  const child = spawn(options.codexPath || 'codex', ['app-server'], {
    env: options.env ?? (process.env as Record<string, string>),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let failure: LlmError | null = null;
  const failAll = (error: LlmError) => {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  child.once('error', (error: NodeJS.ErrnoException) =>
    failAll(
      error.code === 'ENOENT'
        ? new LlmError('provider_not_configured', 'The codex executable was not found (set CODEX_PATH)', { provider: 'codex' })
        : new LlmError('provider_unavailable', 'The codex executable could not be started', { provider: 'codex' }),
    ),
  );
  child.once('exit', () =>
    failAll(new LlmError('provider_unavailable', 'codex app-server exited before answering', { provider: 'codex' })),
  );
  const timer = setTimeout(
    () =>
      failAll(new LlmError('timeout', `codex app-server did not answer within ${options.timeoutMs ?? 15_000} ms`, { provider: 'codex' })),
    options.timeoutMs ?? 15_000,
  );
  const onAbort = () => failAll(new LlmError('cancelled', 'The codex check was cancelled', { provider: 'codex' }));
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    let message: RpcResponse;
    try {
      message = JSON.parse(line) as RpcResponse;
    } catch {
      return; // not protocol output
    }
    if (typeof message.id !== 'number') return; // notifications
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error)
      waiter.reject(
        new LlmError('provider_error', `codex app-server refused a request: ${message.error.message ?? 'unknown error'}`, {
          provider: 'codex',
        }),
      );
    else waiter.resolve(message.result);
  });

  let nextId = 1;
  const request = (method: string, params: unknown): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    child.stdin.write(`${JSON.stringify({ method, id, params })}\n`);
    return answer;
  };

  try {
    await request('initialize', { clientInfo: { name: 'huntforge', title: 'Huntforge', version: HUNTFORGE_VERSION } });
    child.stdin.write(`${JSON.stringify({ method: 'initialized' })}\n`);
    const accountResult = (await request('account/read', { refreshToken: false })) as {
      account?: { type?: string; planType?: string | null } | null;
      requiresOpenaiAuth?: boolean;
    };
    const models: CodexModelInfo[] = [];
    let cursor: string | null = null;
    for (let page = 0; wants.models && page < MAX_MODEL_PAGES; page++) {
      const listed = (await request('model/list', cursor ? { cursor } : {})) as { data?: unknown[]; nextCursor?: string | null };
      models.push(...(listed.data ?? []).flatMap(toModelInfo));
      cursor = listed.nextCursor ?? null;
      if (!cursor) break;
    }
    const account = accountResult.account?.type
      ? { type: accountResult.account.type, planType: accountResult.account.planType ?? null }
      : null;
    return { account, requiresOpenaiAuth: accountResult.requiresOpenaiAuth ?? true, models };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    lines.close();
    child.stdin.end();
    if (child.exitCode === null) child.kill();
  }
}

function toModelInfo(entry: unknown): CodexModelInfo[] {
  const raw = entry as {
    id?: string;
    model?: string;
    displayName?: string;
    description?: string;
    supportedReasoningEfforts?: Array<{ reasoningEffort?: string; description?: string } | string>;
    defaultReasoningEffort?: string | null;
    isDefault?: boolean;
  };
  const id = raw.model ?? raw.id;
  if (!id) return [];
  const efforts = (raw.supportedReasoningEfforts ?? []).flatMap((option) =>
    typeof option === 'string'
      ? [{ level: option, description: '' }]
      : option.reasoningEffort
        ? [{ level: option.reasoningEffort, description: option.description ?? '' }]
        : [],
  );
  return [
    {
      id,
      displayName: raw.displayName ?? null,
      description: raw.description ?? null,
      efforts,
      defaultEffort: raw.defaultReasoningEffort ?? null,
      isDefault: raw.isDefault ?? false,
    },
  ];
}
