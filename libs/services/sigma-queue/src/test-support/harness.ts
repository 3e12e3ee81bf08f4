import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Express } from 'express';
import type { ServiceModule } from '@huntforge/platform';
import { startServiceForTest, type TestContext } from '@huntforge/service-testing';
import { sigmaRuleYaml } from '@huntforge/test-kit';
import { createSigmaQueueModule, type SigmaQueueModuleOptions } from '../module';

export interface SigmaQueueHarness {
  ctx: TestContext;
  module: ServiceModule;
  app: Express;
  dataDir: string;
  close(): Promise<void>;
}

/** sigma-queue on PGlite and the in-process bus, mounted the way the runners mount it. */
export async function startSigmaQueue(
  env: Record<string, string | undefined> = {},
  options: Omit<SigmaQueueModuleOptions, 'env'> = {},
): Promise<SigmaQueueHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hf-sigma-'));
  const fullEnv = { DATA_DIR: dataDir, ...env };
  const { ctx, module, app, close } = await startServiceForTest(
    'sigma-queue',
    (context) => createSigmaQueueModule(context, { ...options, env: fullEnv }),
    { context: { env: fullEnv } },
  );
  return {
    ctx,
    module,
    app,
    dataDir,
    async close() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes `files` (path → text) under a new temporary directory. */
export function writeTree(files: Record<string, string>, root = mkdtempSync(join(tmpdir(), 'hf-rules-'))): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A local git repository holding `files`, committed; returns its directory (clone it with file://). */
export function gitRepo(files: Record<string, string>): string {
  const root = writeTree(files);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.email=t@example.test', '-c', 'user.name=test', 'add', '.');
  git('-c', 'user.email=t@example.test', '-c', 'user.name=test', 'commit', '-q', '-m', 'rules');
  return root;
}

export function commitAll(root: string, message: string): void {
  execFileSync('git', ['add', '-A'], { cwd: root, stdio: 'pipe' });
  execFileSync('git', ['-c', 'user.email=t@example.test', '-c', 'user.name=test', 'commit', '-q', '-m', message], {
    cwd: root,
    stdio: 'pipe',
  });
}

/** A small valid rule (the test kit's, named as this service's specs call it). */
export const rule = sigmaRuleYaml;
