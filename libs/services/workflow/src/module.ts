import { routePrefixesOf } from '@huntforge/contracts';
import { placeholderModule, type ModuleContext, type ServiceModule } from '@huntforge/platform';

/** The workflow service: executions, the per-article pipeline, workflow configuration, prompts and evaluations. */
export function createWorkflowModule(_ctx: ModuleContext): ServiceModule {
  return placeholderModule('workflow', routePrefixesOf('workflow'));
}
