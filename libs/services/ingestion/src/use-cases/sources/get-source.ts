import type { SourceDetailResponse } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';
import { ocrDefault, type OcrSettingDeps } from '../ingest-article/page-content';
import { loadSource, type LoadSourceDeps } from './load-source';
import { runView, sourceView } from './source-views';

const RECENT_RUNS = 10;

export interface GetSourceDeps extends LoadSourceDeps, OcrSettingDeps {
  runs: Pick<IngestionPorts['runs'], 'recent'>;
}

export interface GetSourceCommand {
  /** Id or identifier. */
  source: string;
}

/** GET /api/sources/{id}: one source with its latest collection runs. */
export async function getSource(deps: GetSourceDeps, command: GetSourceCommand): Promise<SourceDetailResponse> {
  const source = await loadSource(deps, command.source);
  const [runs, ocr] = await Promise.all([deps.runs.recent(source.id, RECENT_RUNS), ocrDefault(deps)]);
  return { ...sourceView(source, ocr), recent_runs: runs.map(runView) };
}
