import { routePrefixesOf } from '@huntforge/contracts';
import { placeholderModule, type ModuleContext, type ServiceModule } from '@huntforge/platform';

/** The mcp service: the Model Context Protocol tool server. */
export function createMcpModule(_ctx: ModuleContext): ServiceModule {
  return placeholderModule('mcp', routePrefixesOf('mcp'));
}
