import { routePrefixesOf } from '@huntforge/contracts';
import { placeholderModule, type ModuleContext, type ServiceModule } from '@huntforge/platform';

/** The content-filter service: the junk-filter model, chunk debug, OS detection, feedback, retraining and versions. */
export function createContentFilterModule(_ctx: ModuleContext): ServiceModule {
  return placeholderModule('content-filter', routePrefixesOf('content-filter'));
}
