import {
  AUTO_TRIGGER_THRESHOLD_DEFAULT,
  CONFIG_AGENT_NAMES,
  agentSettingsSchema,
  defaultWorkflowSettings,
  thresholdsSchema,
  type WorkflowSettings,
} from '@huntforge/contracts/workflow';
import { tableChangesOf, type Prisma, type PrismaClient, type WorkflowConfigVersion } from '@huntforge/data';

export type Tx = Prisma.TransactionClient;

export interface ConfigVersionRecord {
  version: number;
  isActive: boolean;
  settings: WorkflowSettings;
  autoTriggerHuntScoreThreshold: number;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A stored config as the current contract sees it: every field checked, anything missing or
 * malformed (an older row, a new agent) taken from the defaults, so readers always get a full config.
 */
// Built once: deriving a partial schema is costly in zod 4, and this runs on every trigger.
const partialThresholdsSchema = thresholdsSchema.partial();
const partialAgentSettingsSchema = agentSettingsSchema.partial();

export function normaliseSettings(raw: unknown): WorkflowSettings {
  const defaults = defaultWorkflowSettings();
  const value = (raw ?? {}) as { thresholds?: unknown; agents?: Record<string, unknown> };
  const thresholds = partialThresholdsSchema.safeParse(value.thresholds ?? {});
  const settings: WorkflowSettings = {
    thresholds: { ...defaults.thresholds, ...(thresholds.success ? thresholds.data : {}) },
    agents: defaults.agents,
  };
  for (const agent of CONFIG_AGENT_NAMES) {
    const stored = partialAgentSettingsSchema.safeParse(value.agents?.[agent] ?? {});
    settings.agents[agent] = { ...defaults.agents[agent], ...(stored.success ? stored.data : {}) };
  }
  return settings;
}

export function toRecord(row: WorkflowConfigVersion): ConfigVersionRecord {
  return {
    version: row.version,
    isActive: row.isActive,
    settings: normaliseSettings(row.config),
    autoTriggerHuntScoreThreshold: row.autoTriggerHuntScoreThreshold,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export class WorkflowConfigRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * A fingerprint of everything a snapshot is built from: the active config row (id, version, threshold,
   * config JSON) and every current prompt (name and version; each prompt change is a new version). One small
   * query; null when no config is active yet. On the embedded database, which this process alone writes, the
   * count of its writes to those tables says as much without asking the database (every trigger asks).
   */
  async activeStamp(): Promise<string | null> {
    const changes = tableChangesOf(this.prisma);
    if (changes) return `local:${changes.stamp(['workflow_config_versions', 'agent_prompts', 'agent_prompt_versions'])}`;
    const [row] = await this.prisma.$queryRaw<Array<{ stamp: string | null }>>`
      SELECT (SELECT id || ':' || version || ':' || auto_trigger_hunt_score_threshold || ':' || md5(config::text)
                FROM workflow_config_versions WHERE is_active LIMIT 1)
             || '|' ||
             (SELECT count(*) || ':' || coalesce(md5(string_agg(agent_name || '@' || version, ',' ORDER BY agent_name)), '')
                FROM agent_prompts) AS stamp`;
    return row?.stamp ?? null;
  }

  async active(client: Tx | PrismaClient = this.prisma): Promise<ConfigVersionRecord | null> {
    const row = await client.workflowConfigVersion.findFirst({ where: { isActive: true } });
    return row ? toRecord(row) : null;
  }

  /** The active config, creating version 1 from the defaults on a fresh database. */
  async ensureActive(): Promise<ConfigVersionRecord> {
    const existing = await this.active();
    if (existing) return existing;
    try {
      const row = await this.prisma.workflowConfigVersion.create({
        data: {
          version: 1,
          isActive: true,
          config: defaultWorkflowSettings() as unknown as Prisma.InputJsonValue,
          autoTriggerHuntScoreThreshold: AUTO_TRIGGER_THRESHOLD_DEFAULT,
          description: 'Initial configuration (defaults)',
        },
      });
      return toRecord(row);
    } catch (error) {
      // Another replica created it first.
      const raced = await this.active();
      if (raced) return raced;
      throw error;
    }
  }

  /** A new active version (max + 1); the auto-trigger threshold carries over from the previous active row. */
  async createVersion(tx: Tx, settings: WorkflowSettings, description: string | null): Promise<ConfigVersionRecord> {
    const previous = await tx.workflowConfigVersion.findFirst({ where: { isActive: true } });
    const latest = await tx.workflowConfigVersion.aggregate({ _max: { version: true } });
    await tx.workflowConfigVersion.updateMany({ where: { isActive: true }, data: { isActive: false } });
    const row = await tx.workflowConfigVersion.create({
      data: {
        version: (latest._max.version ?? 0) + 1,
        isActive: true,
        config: settings as unknown as Prisma.InputJsonValue,
        autoTriggerHuntScoreThreshold: previous?.autoTriggerHuntScoreThreshold ?? AUTO_TRIGGER_THRESHOLD_DEFAULT,
        description,
      },
    });
    return toRecord(row);
  }

  async list(options: { skip: number; take: number; version?: number }): Promise<{ rows: ConfigVersionRecord[]; total: number }> {
    const where = options.version === undefined ? {} : { version: options.version };
    const [rows, total] = await Promise.all([
      this.prisma.workflowConfigVersion.findMany({ where, orderBy: { version: 'desc' }, skip: options.skip, take: options.take }),
      this.prisma.workflowConfigVersion.count({ where }),
    ]);
    return { rows: rows.map(toRecord), total };
  }

  /** Every config version, newest first (the evaluation pages list them all with the models their agents used). */
  async all(): Promise<ConfigVersionRecord[]> {
    const rows = await this.prisma.workflowConfigVersion.findMany({ orderBy: { version: 'desc' } });
    return rows.map(toRecord);
  }

  async exists(version: number): Promise<boolean> {
    return (await this.prisma.workflowConfigVersion.count({ where: { version } })) > 0;
  }

  /** The only writer of the threshold: in place on the active row, no new version. */
  async setAutoTriggerThreshold(value: number): Promise<ConfigVersionRecord> {
    await this.ensureActive();
    await this.prisma.workflowConfigVersion.updateMany({ where: { isActive: true }, data: { autoTriggerHuntScoreThreshold: value } });
    const active = await this.active();
    if (!active) throw new Error('the active workflow config disappeared during the update');
    return active;
  }
}
