import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findUpwards } from './find-upwards';

describe('findUpwards', () => {
  const root = mkdtempSync(join(tmpdir(), 'hf-find-up-'));
  beforeAll(() => {
    mkdirSync(join(root, 'a', 'b', 'c'), { recursive: true });
    mkdirSync(join(root, 'a', 'fixtures', 'prompts'), { recursive: true });
    writeFileSync(join(root, 'marker.txt'), 'x');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('returns the nearest ancestor path that exists', () => {
    expect(findUpwards(join('fixtures', 'prompts'), [join(root, 'a', 'b', 'c')])).toBe(join(root, 'a', 'fixtures', 'prompts'));
    expect(findUpwards('marker.txt', [join(root, 'a', 'b')])).toBe(join(root, 'marker.txt'));
  });

  it('tries the start directories in order and answers null when none leads to the path', () => {
    expect(findUpwards('no-such-thing-anywhere.txt', [join(root, 'a')])).toBeNull();
    expect(findUpwards(join('fixtures', 'prompts'), [join(root, 'a', 'b'), tmpdir()])).toBe(join(root, 'a', 'fixtures', 'prompts'));
  });
});
