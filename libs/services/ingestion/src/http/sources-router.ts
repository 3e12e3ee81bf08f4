import { Router } from 'express';
import { ingestionRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute, reply } from '@huntforge/platform';
import { getCollectionRun } from '../use-cases/sources/get-collection-run';
import { startCollection } from '../use-cases/sources/start-collection';
import { getSource } from '../use-cases/sources/get-source';
import { listSources } from '../use-cases/sources/list-sources';
import { createSource } from '../use-cases/sources/create-source';
import { deleteSource } from '../use-cases/sources/delete-source';
import { updateSource } from '../use-cases/sources/update-source';
import { setSourceImageOcr } from '../use-cases/sources/set-source-image-ocr';
import type { IngestionRouterDeps } from './router-deps';

export function sourcesRouter(deps: IngestionRouterDeps): Router {
  const router = Router();

  mountRoute(router, routes.getSources, () => listSources(deps));

  mountRoute(router, routes.getSource, ({ params }) => getSource(deps, { source: params.source_id }));

  mountRoute(router, routes.postSources, async ({ body }) => reply(201, await createSource(deps, body)));

  mountRoute(router, routes.patchSource, ({ params, body }) => updateSource(deps, { source: params.source_id, changes: body }));

  mountRoute(router, routes.deleteSource, async ({ params }) => {
    await deleteSource(deps, { source: params.source_id });
    return reply(204);
  });

  mountRoute(router, routes.getSourcesRuns, ({ params }) => getCollectionRun(deps, { source: params.source_id, runId: params.run_id }));

  mountRoute(router, routes.postSourcesCollect, ({ params }) => startCollection(deps, { source: params.source_id }));

  mountRoute(router, routes.putSourcesImageOcr, ({ params, body }) =>
    setSourceImageOcr(deps, { source: params.source_id, enabled: body.image_ocr_enabled }),
  );

  return router;
}
