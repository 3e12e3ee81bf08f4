import type { ModelVersionView } from '@huntforge/contracts/content-filter';
import { pageOffset, totalPages } from '@huntforge/contracts/http';
import type { ContentFilterPorts } from '../../ports';
import { modelVersionView } from '../../views';

export interface ListVersionsDeps {
  versions: Pick<ContentFilterPorts['versions'], 'countMatching' | 'list'>;
}

export interface ListVersionsQuery {
  page?: number;
  limit: number;
  version?: number;
}

/** Newest first. Without `page` (unpaginated) it is the newest `limit` versions and the page fields are null. */
export async function listVersions(deps: ListVersionsDeps, query: ListVersionsQuery) {
  const total = await deps.versions.countMatching(query.version);
  const rows = await deps.versions.list({
    take: query.limit,
    skip: query.page === undefined ? undefined : pageOffset(query.page, query.limit),
    version: query.version,
  });
  const versions: ModelVersionView[] = rows.map(modelVersionView);
  return {
    versions,
    total,
    limit: query.limit,
    page: query.page ?? null,
    total_pages: query.page === undefined ? null : totalPages(total, query.limit),
  };
}
