import type { WorkflowSettings } from '@huntforge/contracts/workflow';
import { isUniqueViolation, type PrismaClient } from '@huntforge/data';
import { WorkflowConfigRepository, type ConfigVersionRecord } from './config-repository';
import { PromptRepository, type PromptChange } from './prompt-repository';

/** Another save took the next config or prompt version number first: recompute on the new active config and save again. */
export class ConcurrentConfigSaveError extends Error {
  constructor(cause: unknown) {
    super('another save of the workflow configuration took the same version number', { cause });
    this.name = 'ConcurrentConfigSaveError';
  }
}

/** A new config version: its settings and the prompts that change with it. */
export interface ConfigVersionChange {
  settings: WorkflowSettings;
  description: string | null;
  prompts: PromptChange[];
  actor: string | null;
}

/** Writes of config versions and prompt versions, which are saved together in one transaction. */
export class ConfigVersionWriter {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly configs: WorkflowConfigRepository,
    private readonly prompts: PromptRepository,
  ) {}

  /** The next active config version with its prompt changes; ConcurrentConfigSaveError when another save won the number. */
  async save(change: ConfigVersionChange): Promise<ConfigVersionRecord> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const created = await this.configs.createVersion(tx, change.settings, change.description);
        await this.prompts.saveVersions(tx, change.prompts, {
          configVersion: created.version,
          description: change.description,
          actor: change.actor,
        });
        return created;
      });
    } catch (error) {
      throw isUniqueViolation(error) ? new ConcurrentConfigSaveError(error) : error;
    }
  }

  /** Prompt versions saved with an existing config version (the default prompts of a fresh database). */
  async savePrompts(
    changes: PromptChange[],
    meta: { configVersion: number; description: string | null; actor: string | null },
  ): Promise<void> {
    await this.prisma.$transaction((tx) => this.prompts.saveVersions(tx, changes, meta));
  }
}

export interface ConfigStores {
  configs: WorkflowConfigRepository;
  prompts: PromptRepository;
  versions: ConfigVersionWriter;
}

/** The workflow configuration's stores: config versions, prompts, and the writer that saves both together. */
export function configStores(prisma: PrismaClient): ConfigStores {
  const configs = new WorkflowConfigRepository(prisma);
  const prompts = new PromptRepository(prisma);
  return { configs, prompts, versions: new ConfigVersionWriter(prisma, configs, prompts) };
}
