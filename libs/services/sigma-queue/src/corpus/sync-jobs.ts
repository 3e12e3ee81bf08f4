import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { cloneOrFetch } from './git';
import { indexRuleFiles, type IndexSummary, type RuleIndexWriter } from './index-rules';
import { readRuleFiles, type RuleFile } from './rule-files';
import type { SigmaQueueConfig } from '../config';
import type { CorpusIndex } from './corpus-index';
import type { JobLockRepository } from '@huntforge/data';

export interface SyncReferenceRulesDeps {
  config: Pick<SigmaQueueConfig, 'referenceRepo' | 'referenceBranch' | 'referenceCloneDir'>;
  rules: RuleIndexWriter;
  index: Pick<CorpusIndex, 'invalidate'>;
}

export interface IndexCustomerRepoDeps {
  /** Identifies this replica in the index lock. */
  holder: string;
  config: Pick<SigmaQueueConfig, 'customerRepoPath'>;
  rules: RuleIndexWriter;
  index: Pick<CorpusIndex, 'invalidate'>;
  locks: Pick<JobLockRepository, 'tryAcquire' | 'release'>;
}

/** sync_sigma_rules: clone or fetch the SigmaHQ repository into DATA_DIR and index its rule folders. */
export async function syncReferenceRules(deps: SyncReferenceRulesDeps, signal?: AbortSignal): Promise<IndexSummary & { commit: string }> {
  const dir = deps.config.referenceCloneDir;
  const commit = await cloneOrFetch(deps.config.referenceRepo, dir, { branch: deps.config.referenceBranch, signal });
  const summary = await indexRuleFiles(await referenceRuleFiles(dir), 'sigmahq', deps.rules, signal);
  deps.index.invalidate();
  return { ...summary, commit };
}

/** SigmaHQ keeps rules in folders named rules, rules-emerging-threats, ...; other YAML (CI, tests) is not a rule. */
export async function referenceRuleFiles(dir: string): Promise<RuleFile[]> {
  const folders = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name.startsWith('rules'))
    .map((e) => e.name);
  if (folders.length === 0) return readRuleFiles(dir);
  const files = await Promise.all(
    folders.map(async (folder) => (await readRuleFiles(join(dir, folder))).map((f) => ({ ...f, path: `${folder}/${f.path}` }))),
  );
  return files.flat();
}

export const CUSTOMER_INDEX_LOCK = 'sigma-queue:index-customer-repo';
const LOCK_TTL_MS = 10 * 60_000;

export type CustomerIndexOutcome = ({ status: 'indexed'; path: string } & IndexSummary) | { status: 'skipped'; reason: string };

/**
 * index_customer_repo: index SIGMA_REPO_PATH under a database lock, so two runs (two replicas, or a
 * scheduled and a manual run) never index at once; unchanged rules are skipped by content hash.
 */
export async function indexCustomerRepo(deps: IndexCustomerRepoDeps, signal?: AbortSignal): Promise<CustomerIndexOutcome> {
  const path = deps.config.customerRepoPath;
  if (!path) return { status: 'skipped', reason: 'SIGMA_REPO_PATH is not set' };
  if (!existsSync(path)) return { status: 'skipped', reason: `SIGMA_REPO_PATH ${path} does not exist` };
  if (!(await deps.locks.tryAcquire(CUSTOMER_INDEX_LOCK, deps.holder, LOCK_TTL_MS))) {
    return { status: 'skipped', reason: 'another index run holds the lock' };
  }
  try {
    const summary = await indexRuleFiles(await readRuleFiles(path), 'customer', deps.rules, signal);
    deps.index.invalidate();
    return { status: 'indexed', path, ...summary };
  } finally {
    await deps.locks.release(CUSTOMER_INDEX_LOCK, deps.holder);
  }
}
