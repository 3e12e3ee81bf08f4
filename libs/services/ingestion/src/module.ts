import { routePrefixesOf } from '@huntforge/contracts';
import { placeholderModule, type ModuleContext, type ServiceModule } from '@huntforge/platform';

/** The ingestion service: sources, collection, articles, annotations, search and embeddings. */
export function createIngestionModule(_ctx: ModuleContext): ServiceModule {
  return placeholderModule('ingestion', routePrefixesOf('ingestion'));
}
