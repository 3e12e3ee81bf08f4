import type { SourceView } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';
import { ocrDefault, type OcrSettingDeps } from '../ingest-article/page-content';
import { sourceView } from './source-views';

export interface ListSourcesDeps extends OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'list'>;
}

/** GET /api/sources: every source with its health and effective OCR flag. */
export async function listSources(deps: ListSourcesDeps): Promise<{ sources: SourceView[]; total: number }> {
  const [rows, ocr] = await Promise.all([deps.sources.list(), ocrDefault(deps)]);
  return { sources: rows.map((row) => sourceView(row, ocr)), total: rows.length };
}
