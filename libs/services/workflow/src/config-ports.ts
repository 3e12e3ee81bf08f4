import type { ProviderAvailability } from './config/provider-availability';
import type { QuickstartPreset } from './presets/quickstart-presets';
import type { DefaultPrompts } from './prompts/default-prompts';
import type { ModelRegistry } from './providers/model-registry';
import type { WorkflowConfigRepository } from './repositories/config-repository';
import type { ConfigVersionWriter } from './repositories/config-stores';
import type { PresetRepository } from './repositories/preset-repository';
import type { PromptRepository } from './repositories/prompt-repository';

/**
 * The ports of the workflow configuration (config versions, prompts, presets), built once by the module. No
 * use case takes this whole record: each declares the few it uses, narrowed to the methods it calls.
 */
export interface WorkflowConfigPorts {
  configs: WorkflowConfigRepository;
  prompts: PromptRepository;
  /** Saves a config version and its prompt versions together. */
  versions: ConfigVersionWriter;
  presets: PresetRepository;
  /** The model catalog and capabilities the PUT rules judge provider/model pairs and efforts by. */
  registry: ModelRegistry;
  defaults: DefaultPrompts;
  /** Whether each provider can be used now (presets and re-activations check the providers they need). */
  availability: ProviderAvailability;
  /** The shipped quickstart presets (fixtures/presets). */
  quickstarts(): QuickstartPreset[];
}
