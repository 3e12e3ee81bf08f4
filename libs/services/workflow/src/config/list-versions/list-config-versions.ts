import { pageOffset, totalPages } from '@huntforge/contracts/http';
import { type ConfigVersionsQuery, type ConfigVersionsResponse } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import { configVersionSummary } from '../config-view';

export interface ListConfigVersionsDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive' | 'list'>;
}

/** Config versions newest first, one page of them or the one `version` names; a fresh database lists version 1. */
export async function listConfigVersions(deps: ListConfigVersionsDeps, query: ConfigVersionsQuery): Promise<ConfigVersionsResponse> {
  await deps.configs.ensureActive();
  const { rows, total } = await deps.configs.list({ skip: pageOffset(query.page, query.limit), take: query.limit, version: query.version });
  return {
    versions: rows.map(configVersionSummary),
    total,
    page: query.page,
    limit: query.limit,
    total_pages: totalPages(total, query.limit),
  };
}
