import { INGESTION_ERROR_CODES, type CreateSourceRequest } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { IngestionPorts } from '../../ports';
import { isProtectedSource, SourceIdentifierTakenError } from '../../repositories/source-repository';
import { ocrDefault, type FetchDeps, type OcrSettingDeps } from '../ingest-article/page-content';
import { sourceFields } from './source-fields';
import { checked, type CheckedSourceView } from './source-checks';
import { sourceView } from './source-views';

const codes = INGESTION_ERROR_CODES;

export interface CreateSourceDeps extends FetchDeps, OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'create'>;
}

/** POST /api/sources: a new source, its URL checked first unless skip_check. */
export async function createSource(deps: CreateSourceDeps, body: CreateSourceRequest): Promise<CheckedSourceView> {
  if (isProtectedSource(body.identifier) || (await deps.sources.find(body.identifier))) {
    throw new HttpError(409, codes.sourceExists, `a source named ${body.identifier} exists; choose another identifier`, {
      identifier: body.identifier,
    });
  }
  const check = body.skip_check ? null : await checked(deps, body.url, body.kind);
  try {
    const source = await deps.sources.create({
      ...sourceFields(body),
      identifier: body.identifier,
      imageOcrEnabled: null,
      config: {},
    });
    return { ...sourceView(source, await ocrDefault(deps)), check };
  } catch (error) {
    if (error instanceof SourceIdentifierTakenError)
      throw new HttpError(409, codes.sourceExists, `a source named ${body.identifier} exists; choose another identifier`, {
        identifier: body.identifier,
      });
    throw error;
  }
}
