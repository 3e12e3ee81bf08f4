import { routePrefixesOf } from '@huntforge/contracts';
import { placeholderModule, type ModuleContext, type ServiceModule } from '@huntforge/platform';

/** The sigma-queue service: the Sigma reference corpus, similarity and the review queue. */
export function createSigmaQueueModule(_ctx: ModuleContext): ServiceModule {
  return placeholderModule('sigma-queue', routePrefixesOf('sigma-queue'));
}
