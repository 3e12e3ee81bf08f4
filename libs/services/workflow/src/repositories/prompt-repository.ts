import { promptSchema, type Prompt } from '@huntforge/contracts/workflow';
import type { Prisma, PrismaClient } from '@huntforge/data';
import type { Tx } from './config-repository';

/** Marker stored in a version row when a bootstrap removed the agent's prompt (the column is not nullable). */
const REMOVED = { removed: true } as const;

export interface StoredPrompt {
  agentName: string;
  prompt: Prompt;
  version: number;
  updatedAt: Date;
}

export interface PromptVersionRecord {
  agentName: string;
  version: number;
  prompt: Prompt | null;
  configVersion: number | null;
  changeDescription: string | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface PromptChange {
  agentName: string;
  /** Null removes the agent's prompt. */
  prompt: Prompt | null;
}

function parsePrompt(raw: unknown): Prompt | null {
  const parsed = promptSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export class PromptRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async current(client: Tx | PrismaClient = this.prisma): Promise<Map<string, StoredPrompt>> {
    const rows = await client.agentPrompt.findMany();
    const prompts = new Map<string, StoredPrompt>();
    for (const row of rows) {
      const prompt = parsePrompt(row.prompt);
      if (prompt) prompts.set(row.agentName, { agentName: row.agentName, prompt, version: row.version, updatedAt: row.updatedAt });
    }
    return prompts;
  }

  /** Whether any prompt version was ever saved (the defaults are seeded only into an empty history). */
  async anyVersionSaved(): Promise<boolean> {
    return (await this.prisma.agentPromptVersion.count()) > 0;
  }

  /** Writes each change as the agent's next version, linked to `configVersion`, and updates the current prompt. */
  async saveVersions(
    tx: Tx,
    changes: PromptChange[],
    meta: { configVersion: number; description: string | null; actor: string | null },
  ): Promise<void> {
    for (const change of changes) {
      const latest = await tx.agentPromptVersion.aggregate({ where: { agentName: change.agentName }, _max: { version: true } });
      const version = (latest._max.version ?? 0) + 1;
      const json = (change.prompt ?? REMOVED) as unknown as Prisma.InputJsonValue;
      await tx.agentPromptVersion.create({
        data: {
          agentName: change.agentName,
          version,
          prompt: json,
          configVersion: meta.configVersion,
          changeDescription: meta.description,
          createdBy: meta.actor,
        },
      });
      if (change.prompt) {
        await tx.agentPrompt.upsert({
          where: { agentName: change.agentName },
          create: { agentName: change.agentName, prompt: json, version },
          update: { prompt: json, version },
        });
      } else {
        await tx.agentPrompt.deleteMany({ where: { agentName: change.agentName } });
      }
    }
  }

  async versions(agentName: string): Promise<PromptVersionRecord[]> {
    const rows = await this.prisma.agentPromptVersion.findMany({ where: { agentName }, orderBy: { version: 'desc' } });
    return rows.map((row) => ({ ...row, prompt: parsePrompt(row.prompt) }));
  }

  async version(agentName: string, version: number): Promise<PromptVersionRecord | null> {
    const row = await this.prisma.agentPromptVersion.findUnique({ where: { agentName_version: { agentName, version } } });
    return row ? { ...row, prompt: parsePrompt(row.prompt) } : null;
  }

  /** The prompt in force at a config version: the agent's last version saved with that version or before. */
  async atConfigVersion(agentName: string, configVersion: number): Promise<PromptVersionRecord | null> {
    const row = await this.prisma.agentPromptVersion.findFirst({
      where: { agentName, configVersion: { lte: configVersion } },
      orderBy: { version: 'desc' },
    });
    return row ? { ...row, prompt: parsePrompt(row.prompt) } : null;
  }
}
