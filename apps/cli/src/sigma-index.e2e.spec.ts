import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './test-support/processes';

const rule = (id: string, title: string, image: string) =>
  [
    `title: ${title}`,
    `id: ${id}`,
    'status: test',
    'description: Detects a test behaviour',
    'author: Huntforge tests',
    'date: 2026-01-01',
    'logsource: {category: process_creation, product: windows}',
    'detection:',
    '  selection:',
    `    Image|endswith: '${image}'`,
    "    CommandLine|contains: '-urlcache'",
    '  condition: selection',
    'level: medium',
    '',
  ].join('\n');

describe('huntforge sigma index', () => {
  let dataDir: string;
  let rulesDir: string;
  const index = (...args: string[]) => runCli(['sigma', 'index', rulesDir, '--format', 'json', ...args], { DATA_DIR: dataDir });

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-index-'));
    rulesDir = mkdtempSync(join(tmpdir(), 'huntforge-rules-'));
    mkdirSync(join(rulesDir, 'windows'));
    writeFileSync(
      join(rulesDir, 'windows', 'certutil.yml'),
      rule('5b3a1b0e-1f7a-4d55-9a4e-0c3c1f0d9a11', 'Certutil Download', '\\certutil.exe'),
    );
    writeFileSync(
      join(rulesDir, 'windows', 'bitsadmin.yml'),
      rule('6c4b2c1f-2a8b-4e66-8b5f-1d4d2a1e0b22', 'Bitsadmin Download', '\\bitsadmin.exe'),
    );
    writeFileSync(join(rulesDir, 'windows', 'broken.yml'), 'title: broken\ndetection: {}\n');
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(rulesDir, { recursive: true, force: true });
  });

  it('indexes a folder into the embedded corpus, skips what is unchanged, and removes what left the folder', () => {
    const first = index();
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toMatchObject({ origin: 'customer', files: 3, indexed: 2, invalid: 1, unchanged: 0, removed: 0 });

    expect(JSON.parse(index().stdout)).toMatchObject({ indexed: 0, unchanged: 2 });

    unlinkSync(join(rulesDir, 'windows', 'bitsadmin.yml'));
    const third = index();
    expect(third.status).toBe(0);
    expect(JSON.parse(third.stdout)).toMatchObject({ files: 2, unchanged: 1, removed: 1 });
  });

  it('says so when the folder does not exist', () => {
    const missing = runCli(['sigma', 'index', join(rulesDir, 'nope')], { DATA_DIR: dataDir });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('does not exist');
  });
});
