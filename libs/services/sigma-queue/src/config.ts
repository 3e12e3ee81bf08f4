import { z } from 'zod';

export const sigmaQueueEnvSchema = z.object({
  SIGMA_REFERENCE_REPO: z.string().min(1).default('https://github.com/SigmaHQ/sigma.git'),
  SIGMA_REFERENCE_BRANCH: z.string().min(1).optional(),
  SIGMA_REPO_PATH: z.string().min(1).optional(),
  GITHUB_RULES_DIR: z.string().min(1).default('rules/huntforge'),
  ENRICHMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  // Files sent as the body are streamed up to this; ones sent base64 in JSON are also bounded by BODY_LIMIT.
  TELEMETRY_DATASET_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(1_073_741_824)
    .default(50 * 1024 * 1024),
  TELEMETRY_DATASET_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // A backtest answers within the request: it stops at either cap (well inside the gateway's 120 s proxy timeout).
  BACKTEST_MAX_EVENTS: z.coerce.number().int().min(1).max(100_000_000).default(2_000_000),
  BACKTEST_MAX_SECONDS: z.coerce.number().min(1).max(600).default(60),
});

/** sigma-queue's own environment (runtime-overridable values such as GITHUB_TOKEN and GITHUB_API_URL come from settings). */
export interface SigmaQueueConfig {
  referenceRepo: string;
  referenceBranch?: string;
  /** The customer's local Sigma repository, indexed by index_customer_repo; unset disables the job's work. */
  customerRepoPath?: string;
  githubRulesDir: string;
  /** One model call of an enrichment or a follow-up turn, retries included. */
  enrichmentTimeoutMs: number;
  /** Where the reference repository is cloned (under DATA_DIR). */
  referenceCloneDir: string;
  /** Telemetry uploaded for backtests: the largest file, and the days it is kept. */
  datasetLimits: { maxBytes: number; retentionDays: number; backtestMaxEvents: number; backtestMaxMs: number };
}

export function loadSigmaQueueConfig(env: Record<string, string | undefined>, dataDir: string): SigmaQueueConfig {
  const parsed = sigmaQueueEnvSchema.parse(env);
  return {
    referenceRepo: parsed.SIGMA_REFERENCE_REPO,
    referenceBranch: parsed.SIGMA_REFERENCE_BRANCH,
    customerRepoPath: parsed.SIGMA_REPO_PATH,
    githubRulesDir: parsed.GITHUB_RULES_DIR.replace(/^\/+|\/+$/g, ''),
    enrichmentTimeoutMs: parsed.ENRICHMENT_TIMEOUT_MS,
    referenceCloneDir: `${dataDir.replace(/\/+$/, '')}/sigma/reference`,
    datasetLimits: {
      maxBytes: parsed.TELEMETRY_DATASET_MAX_BYTES,
      retentionDays: parsed.TELEMETRY_DATASET_RETENTION_DAYS,
      backtestMaxEvents: parsed.BACKTEST_MAX_EVENTS,
      backtestMaxMs: parsed.BACKTEST_MAX_SECONDS * 1000,
    },
  };
}
