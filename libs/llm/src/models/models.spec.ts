import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogProvidersOf, emptyModelCatalog, readModelCatalog, writeModelCatalog } from './catalog';
import { findCapabilities, loadModelCapabilities } from './capabilities';

describe('model capabilities and catalog files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'llm-models-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads capabilities and lets dated snapshots inherit their family entry', () => {
    const file = join(dir, 'caps.json');
    const entry = { supports_temperature: false, supports_top_p: false, effort_levels: ['low', 'high'], default_effort: 'low' };
    writeFileSync(file, JSON.stringify({ models: { 'gpt-5': entry, 'gpt-5-mini': { ...entry, effort_levels: ['low'] } } }));
    const capabilities = loadModelCapabilities(file);
    expect(findCapabilities(capabilities, 'gpt-5')).toEqual({ ...entry, source: 'capabilities_file' });
    expect(findCapabilities(capabilities, 'gpt-5-mini-2025-08-07')?.effort_levels).toEqual(['low']);
    expect(findCapabilities(capabilities, 'gpt-5-2025-08-07')?.effort_levels).toEqual(['low', 'high']);
    expect(findCapabilities(capabilities, 'gpt-50')).toBeUndefined();
    writeFileSync(file, JSON.stringify({ models: { broken: { supports_temperature: 'yes' } } }));
    expect(() => loadModelCapabilities(file)).toThrow(/caps\.json is invalid/);
  });

  it('reads the runtime catalog, falls back to the committed one, then to empty', () => {
    const runtime = join(dir, 'runtime', 'catalog.json');
    const committed = join(dir, 'committed.json');
    const catalog = emptyModelCatalog();
    catalog.providers.openai.models = ['gpt-4.1'];
    writeFileSync(committed, JSON.stringify(catalog));
    expect(readModelCatalog(runtime, committed).providers.openai.models).toEqual(['gpt-4.1']);
    writeFileSync(committed, '{not json');
    expect(readModelCatalog(runtime, committed)).toEqual(emptyModelCatalog());
    catalog.providers.anthropic.models = ['claude-haiku-4-5', 'shared-id'];
    catalog.providers.openai.models.push('shared-id');
    writeModelCatalog(runtime, catalog);
    const read = readModelCatalog(runtime, committed);
    expect(catalogProvidersOf(read, 'claude-haiku-4-5')).toEqual(['anthropic']);
    expect(catalogProvidersOf(read, 'shared-id')).toEqual(['openai', 'anthropic']);
    expect(catalogProvidersOf(read, 'llama3.1:8b')).toEqual([]);
  });
});
