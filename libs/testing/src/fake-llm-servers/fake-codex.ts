import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One scripted `codex exec` turn. */
export interface FakeCodexTurn {
  /** The agent's final message. */
  text?: string;
  usage?: { input: number; output: number };
  /** Emit `turn.failed` with this message (how the CLI reports model and login errors). */
  fail?: string;
  /** Exit with this code and `stderr` before emitting anything. */
  exitCode?: number;
  stderr?: string;
  delayMs?: number;
}

export interface FakeCodexModel {
  id: string;
  displayName?: string;
  description?: string;
  efforts: Array<{ level: string; description: string }>;
  defaultEffort?: string;
  isDefault?: boolean;
}

export interface FakeCodexState {
  queue: FakeCodexTurn[];
  defaultTurn: FakeCodexTurn;
  /** Null: not logged in. */
  account: { type: string; planType?: string } | null;
  models: FakeCodexModel[];
}

export interface FakeCodexInvocation {
  command: string;
  argv: string[];
  stdin?: string;
  method?: string;
}

export interface FakeCodex {
  /** The executable to pass as codexPathOverride / CODEX_PATH. */
  readonly path: string;
  enqueue(...turns: FakeCodexTurn[]): void;
  setAccount(account: FakeCodexState['account']): void;
  setModels(models: FakeCodexModel[]): void;
  invocations(): FakeCodexInvocation[];
  dispose(): void;
}

// The fake CLI: `exec --experimental-json` (the SDK's JSONL event stream), `app-server` (JSON-RPC over
// stdio: initialize, account/read, model/list) and `login status`. State and log live beside it.
const SCRIPT = (statePath: string, logPath: string) => `
const fs = require('fs');
const readline = require('readline');
const STATE = ${JSON.stringify(statePath)};
const LOG = ${JSON.stringify(logPath)};
const argv = process.argv.slice(2);
const readState = () => JSON.parse(fs.readFileSync(STATE, 'utf8'));
const log = (entry) => fs.appendFileSync(LOG, JSON.stringify(entry) + '\\n');
const emit = (event) => process.stdout.write(JSON.stringify(event) + '\\n');

if (argv[0] === 'exec') {
  let input = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => { input += chunk; });
  process.stdin.on('end', () => {
    const state = readState();
    const turn = state.queue.shift() || state.defaultTurn;
    fs.writeFileSync(STATE, JSON.stringify(state));
    log({ command: 'exec', argv, stdin: input });
    setTimeout(() => {
      if (turn.exitCode) { process.stderr.write(turn.stderr || 'fake codex failure'); process.exit(turn.exitCode); }
      emit({ type: 'thread.started', thread_id: 'thread_fake_1' });
      emit({ type: 'turn.started' });
      if (turn.fail) { emit({ type: 'turn.failed', error: { message: turn.fail } }); return; }
      emit({ type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text: turn.text || '' } });
      const usage = turn.usage || { input: 21, output: 9 };
      emit({ type: 'turn.completed', usage: { input_tokens: usage.input, cached_input_tokens: 0, output_tokens: usage.output, reasoning_output_tokens: 0 } });
    }, turn.delayMs || 0);
  });
} else if (argv[0] === 'app-server') {
  const state = readState();
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    log({ command: 'app-server', argv, method: message.method });
    if (message.id === undefined) return;
    const reply = (result) => emit({ id: message.id, result });
    if (message.method === 'initialize') return reply({ userAgent: 'fake-codex/0.0.0' });
    if (message.method === 'account/read') return reply({ account: state.account, requiresOpenaiAuth: true });
    if (message.method === 'model/list') {
      return reply({
        data: state.models.map((model) => ({
          id: model.id, model: model.id, displayName: model.displayName || model.id, description: model.description || '',
          supportedReasoningEfforts: model.efforts.map((effort) => ({ reasoningEffort: effort.level, description: effort.description })),
          defaultReasoningEffort: model.defaultEffort || null, isDefault: !!model.isDefault,
        })),
        nextCursor: null,
      });
    }
    emit({ id: message.id, error: { code: -32601, message: 'method not found' } });
  });
} else if (argv[0] === 'login' && argv[1] === 'status') {
  const state = readState();
  log({ command: 'login status', argv });
  if (state.account) { process.stdout.write('Logged in using ChatGPT\\n'); process.exit(0); }
  process.stderr.write('Not logged in\\n');
  process.exit(1);
} else {
  process.stderr.write('fake codex: unknown command ' + argv.join(' ') + '\\n');
  process.exit(2);
}
`;

/** Writes a fake `codex` executable into a temporary folder, scripted through its state file. */
export function createFakeCodex(initial: Partial<FakeCodexState> = {}): FakeCodex {
  const dir = mkdtempSync(join(tmpdir(), 'fake-codex-'));
  const statePath = join(dir, 'state.json');
  const logPath = join(dir, 'invocations.jsonl');
  const path = join(dir, 'codex');
  const state: FakeCodexState = {
    queue: [],
    defaultTurn: { text: '{}' },
    account: { type: 'chatgpt', planType: 'plus' },
    models: [],
    ...initial,
  };
  const save = (change: (current: FakeCodexState) => void) => {
    const current = JSON.parse(readFileSync(statePath, 'utf8')) as FakeCodexState;
    change(current);
    writeFileSync(statePath, JSON.stringify(current));
  };
  writeFileSync(statePath, JSON.stringify(state));
  writeFileSync(path, `#!${process.execPath}\n${SCRIPT(statePath, logPath)}`);
  chmodSync(path, 0o755);
  return {
    path,
    enqueue: (...turns) => save((current) => current.queue.push(...turns)),
    setAccount: (account) => save((current) => (current.account = account)),
    setModels: (models) => save((current) => (current.models = models)),
    invocations: () =>
      existsSync(logPath)
        ? readFileSync(logPath, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as FakeCodexInvocation)
        : [],
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
