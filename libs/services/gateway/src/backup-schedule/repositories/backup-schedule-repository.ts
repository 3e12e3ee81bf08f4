import { ACTOR_MAX_LENGTH, BACKUP_SCHEDULE_DEFAULTS } from '@huntforge/contracts/http';
import type { AuditEventInput, Prisma, PrismaClient } from '@huntforge/data';

/**
 * The backup schedule lives in the `settings` table (one plain row per value, like any non-secret
 * setting), under keys the generic settings API does not list: only the schedule route changes them,
 * because a change must also rewrite the host crontab (the retention travels in the prune line as --keep).
 */
export const BACKUP_SETTING_KEYS = {
  enabled: 'BACKUP_SCHEDULE_ENABLED',
  backup_time: 'BACKUP_TIME',
  cleanup_time: 'BACKUP_CLEANUP_TIME',
  cleanup_day: 'BACKUP_CLEANUP_DAY',
  retention_count: 'BACKUP_RETENTION_COUNT',
} as const;

export interface StoredBackupSchedule {
  enabled: boolean;
  backup_time: string;
  cleanup_time: string;
  cleanup_day: number;
  retention_count: number;
  updatedAt: Date | null;
}

export interface BackupScheduleRepository {
  read(): Promise<StoredBackupSchedule>;
  /** Stores every value and the audit event in one transaction. */
  saveWithAudit(
    schedule: Omit<StoredBackupSchedule, 'updatedAt'>,
    actor: string | null,
    audit: AuditEventInput,
  ): Promise<StoredBackupSchedule>;
}

const KEYS = Object.values(BACKUP_SETTING_KEYS);

function integerOr(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? Number.NaN : Number(value);
  return Number.isInteger(parsed) ? parsed : fallback;
}

export class PrismaBackupScheduleRepository implements BackupScheduleRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async read(): Promise<StoredBackupSchedule> {
    const rows = await this.prisma.setting.findMany({ where: { key: { in: KEYS }, isSecret: false } });
    const value = (key: string) => rows.find((row) => row.key === key)?.value ?? undefined;
    const updated = rows.map((row) => row.updatedAt.getTime());
    const defaults = BACKUP_SCHEDULE_DEFAULTS;
    return {
      enabled: value(BACKUP_SETTING_KEYS.enabled) === 'true',
      backup_time: value(BACKUP_SETTING_KEYS.backup_time) ?? defaults.backup_time,
      cleanup_time: value(BACKUP_SETTING_KEYS.cleanup_time) ?? defaults.cleanup_time,
      cleanup_day: integerOr(value(BACKUP_SETTING_KEYS.cleanup_day), defaults.cleanup_day),
      retention_count: integerOr(value(BACKUP_SETTING_KEYS.retention_count), defaults.retention_count),
      updatedAt: updated.length > 0 ? new Date(Math.max(...updated)) : null,
    };
  }

  async saveWithAudit(
    schedule: Omit<StoredBackupSchedule, 'updatedAt'>,
    actor: string | null,
    audit: AuditEventInput,
  ): Promise<StoredBackupSchedule> {
    await this.prisma.$transaction(async (tx) => {
      for (const [field, key] of Object.entries(BACKUP_SETTING_KEYS)) {
        const value = String(schedule[field as keyof typeof BACKUP_SETTING_KEYS]);
        const data = { value, isSecret: false, ciphertext: null, iv: null, authTag: null, hint: null, updatedBy: actor };
        await tx.setting.upsert({ where: { key }, create: { key, ...data }, update: data });
      }
      // The same row the audit repository writes, inside this transaction (its insert helper is not exported).
      await tx.auditEvent.create({
        data: {
          type: audit.type,
          actor: audit.actor?.slice(0, ACTOR_MAX_LENGTH) ?? null,
          payload: JSON.parse(JSON.stringify(audit.payload ?? {})) as Prisma.InputJsonValue,
        },
      });
    });
    return this.read();
  }
}
