import type { UpdateSourceRequest } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';
import { ocrDefault, type FetchDeps, type OcrSettingDeps } from '../ingest-article/page-content';
import { loadSource } from './load-source';
import { sourceFields } from './source-fields';
import { checked, refuseProtected, type CheckedSourceView } from './source-checks';
import { sourceView } from './source-views';

export interface UpdateSourceDeps extends FetchDeps, OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'update'>;
}

export interface UpdateSourceCommand {
  /** Id or identifier. */
  source: string;
  changes: UpdateSourceRequest;
}

/** PATCH /api/sources/{id}: changed fields; a changed URL or kind is checked first unless skip_check. */
export async function updateSource(deps: UpdateSourceDeps, command: UpdateSourceCommand): Promise<CheckedSourceView> {
  const body = command.changes;
  const source = await loadSource(deps, command.source);
  refuseProtected(source, 'changed');
  const url = body.url ?? source.url;
  const kind = body.kind ?? source.kind;
  const probe = !body.skip_check && (url !== source.url || kind !== source.kind);
  const check = probe ? await checked(deps, url, kind) : null;
  const updated = await deps.sources.update(source.id, sourceFields(body));
  return { ...sourceView(updated, await ocrDefault(deps)), check };
}
