import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EVAL_CHUNK_MIN_LENGTH } from '@huntforge/contracts/content-filter';
import { parseLabelledChunks, type LabelledText } from '@huntforge/ml';
import { findUpwards } from '@huntforge/platform';

const RELATIVE = join('fixtures', 'content-filter');

/** fixtures/content-filter found by walking up from the working directory, then from this file. */
export function resolveFixturesDir(configured?: string): string | null {
  if (configured) return resolve(configured);
  return findUpwards(RELATIVE, [process.cwd(), __dirname]);
}

async function readSet(root: string, minLength: number): Promise<LabelledText[] | null> {
  const out: LabelledText[] = [];
  let found = false;
  for (const [folder, label] of [
    ['huntable', 'Huntable'],
    ['not-huntable', 'Not Huntable'],
  ] as const) {
    const dir = join(root, folder);
    if (!existsSync(dir)) continue;
    found = true;
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.txt')).sort()) {
      out.push(...parseLabelledChunks(await readFile(join(dir, file), 'utf8'), label, minLength));
    }
  }
  return found && out.length > 0 ? out : null;
}

/** The labelled seed chunks and the curated eval set (null when that folder is missing or empty). */
export class FixtureSets {
  private seed?: Promise<LabelledText[] | null>;
  private evalSet?: Promise<LabelledText[] | null>;

  constructor(readonly dir: string | null) {}

  loadSeed(): Promise<LabelledText[] | null> {
    this.seed ??= this.dir ? readSet(join(this.dir, 'seed'), 0) : Promise.resolve(null);
    return this.seed;
  }

  /** Eval chunks shorter than EVAL_CHUNK_MIN_LENGTH are dropped (the spec's length filter). */
  loadEvalSet(): Promise<LabelledText[] | null> {
    this.evalSet ??= this.dir ? readSet(join(this.dir, 'eval'), EVAL_CHUNK_MIN_LENGTH) : Promise.resolve(null);
    return this.evalSet;
  }
}
