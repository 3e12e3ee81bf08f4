import type { IngestionPorts } from '../ports';
import type { CollectionTracker } from '../use-cases/collect-source/collection-tracker';

/** What the routers hand to the use cases they call: the module's ports and its collection tracker. */
export interface IngestionRouterDeps extends IngestionPorts {
  collections: CollectionTracker;
}
