import type { PrismaClient } from '@huntforge/data';
import { WorkflowConfigRepository } from './config-repository';
import { PromptRepository } from './prompt-repository';

/** The workflow configuration's two stores (config versions and prompts), which are saved together. */
export function configStores(prisma: PrismaClient): { configs: WorkflowConfigRepository; prompts: PromptRepository } {
  return { configs: new WorkflowConfigRepository(prisma), prompts: new PromptRepository(prisma) };
}
