import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { modelCatalogFileSchema, type ModelCatalogFile } from '@huntforge/contracts/workflow';

export function emptyModelCatalog(): ModelCatalogFile {
  return {
    updated_at: null,
    providers: { openai: { models: [], fetched_at: null }, anthropic: { models: [], fetched_at: null } },
  };
}

function readCatalogFile(path: string): ModelCatalogFile | null {
  if (!existsSync(path)) return null;
  try {
    const parsed = modelCatalogFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The runtime catalog (written by the job) when present and valid, else the committed one, else empty. */
export function readModelCatalog(runtimePath: string, committedPath?: string): ModelCatalogFile {
  return readCatalogFile(runtimePath) ?? (committedPath ? readCatalogFile(committedPath) : null) ?? emptyModelCatalog();
}

/** Writes through a temporary file and a rename, so a reader never sees half a catalog. */
export function writeModelCatalog(path: string, catalog: ModelCatalogFile): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(catalog, null, 2)}\n`, 'utf8');
  renameSync(temporary, path);
}

/** The hosted providers whose catalog lists `model` (empty for local or unknown models). */
export function catalogProvidersOf(catalog: ModelCatalogFile, model: string): Array<keyof ModelCatalogFile['providers']> {
  return (Object.keys(catalog.providers) as Array<keyof ModelCatalogFile['providers']>).filter((provider) =>
    catalog.providers[provider].models.includes(model),
  );
}
