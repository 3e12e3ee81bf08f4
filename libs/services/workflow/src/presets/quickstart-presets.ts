import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { PresetFile } from '@huntforge/contracts/workflow';
import { parsePresetFile } from './preset-file';

/** A quickstart preset as shipped: its name (from the file, else from the file name) and its file. */
export interface QuickstartPreset {
  name: string;
  file: PresetFile;
}

/** fixtures/presets/*.json, in file-name order, each checked against the preset contract. */
export function readQuickstartPresets(fixturesDir: string): QuickstartPreset[] {
  const dir = join(fixturesDir, 'presets');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((fileName) => {
      const file = parsePresetFile(JSON.parse(readFileSync(join(dir, fileName), 'utf8')), fileName);
      return { name: file.name ?? `quickstart-${basename(fileName, '.json')}`, file };
    });
}
