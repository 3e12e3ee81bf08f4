import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLabelledChunks } from '../training/labelled-chunks';
import type { LabelledText } from '../training/train';

const ROOT = join(__dirname, '../../../../fixtures/content-filter');

/** The committed seed or eval set, in a stable order (folder, then file name). */
export function loadFixtureSet(set: 'seed' | 'eval'): LabelledText[] {
  const out: LabelledText[] = [];
  for (const [folder, label] of [
    ['huntable', 'Huntable'],
    ['not-huntable', 'Not Huntable'],
  ] as const) {
    const dir = join(ROOT, set, folder);
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.txt'))
      .sort()) {
      out.push(...parseLabelledChunks(readFileSync(join(dir, file), 'utf8'), label, set === 'eval' ? 200 : 0));
    }
  }
  return out;
}
