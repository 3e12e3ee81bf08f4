import { INGESTION_ERROR_CODES, type SourceView } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { IngestionPorts } from '../../ports';
import { isProtectedSource } from '../../repositories/source-repository';
import { ocrDefault, type OcrSettingDeps } from '../ingest-article/page-content';
import { loadSource } from './load-source';
import { sourceView } from './source-views';

export interface SetSourceImageOcrDeps extends OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'setImageOcr'>;
}

export interface SetSourceImageOcrCommand {
  /** Id or identifier. */
  source: string;
  /** null: inherit the OCR_INGEST_ENABLED setting. */
  enabled: boolean | null;
}

/** PUT /api/sources/{id}/image_ocr: the source's own OCR choice (the protected sources keep theirs). */
export async function setSourceImageOcr(deps: SetSourceImageOcrDeps, command: SetSourceImageOcrCommand): Promise<SourceView> {
  const source = await loadSource(deps, command.source);
  if (isProtectedSource(source.identifier)) {
    throw new HttpError(
      400,
      INGESTION_ERROR_CODES.protectedSource,
      `the ${source.identifier} source is protected; its OCR flag cannot be changed`,
    );
  }
  await deps.sources.setImageOcr(source.id, command.enabled);
  const updated = await deps.sources.find(source.id);
  return sourceView(updated ?? source, await ocrDefault(deps));
}
