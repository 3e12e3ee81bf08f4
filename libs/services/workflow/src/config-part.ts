import { Router } from 'express';
import type { ModuleContext } from '@huntforge/platform';
import type { WorkflowConfigPorts } from './config-ports';
import { configRouter } from './http/config-router';
import { presetsRouter } from './http/presets-router';
import { promptsRouter } from './http/prompts-router';
import { readQuickstartPresets } from './presets/quickstart-presets';
import { seedQuickstartPresets } from './presets/seed-quickstarts/seed-quickstart-presets';
import type { DefaultPrompts } from './prompts/default-prompts';
import { seedDefaultPrompts } from './prompts/seed-defaults/seed-default-prompts';
import type { ModelRegistry } from './providers/model-registry';
import { configStores } from './repositories/config-stores';
import { PresetRepository } from './repositories/preset-repository';
import type { ProviderAvailability } from './config/provider-availability';

export interface ConfigPartOptions {
  registry: ModelRegistry;
  defaults: DefaultPrompts;
  availability: ProviderAvailability;
  fixturesDir: string;
}

export interface ConfigPart {
  ports: WorkflowConfigPorts;
  router: Router;
  /** The active config (version 1 on a fresh database), the default prompts into an empty history, the quickstart presets. */
  start(): Promise<void>;
}

/** The workflow configuration: config versions, prompts and presets, their routes and what they seed on start. */
export function createConfigPart(ctx: ModuleContext, options: ConfigPartOptions): ConfigPart {
  const ports: WorkflowConfigPorts = {
    ...configStores(ctx.db.prisma),
    presets: new PresetRepository(ctx.db.prisma),
    registry: options.registry,
    defaults: options.defaults,
    availability: options.availability,
    quickstarts: () => readQuickstartPresets(options.fixturesDir),
  };
  const router = Router();
  router.use(configRouter(ports));
  router.use(promptsRouter(ports));
  router.use(presetsRouter(ports));
  return {
    ports,
    router,
    async start() {
      await ports.configs.ensureActive();
      if (await seedDefaultPrompts(ports)) ctx.logger.info('default prompts seeded');
      await seedQuickstartPresets(ports);
    },
  };
}
