import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HUNTFORGE_VERSION } from './version';

const versionOf = (path: string) => (JSON.parse(readFileSync(resolve(__dirname, '../../..', path), 'utf8')) as { version: string }).version;

describe('HUNTFORGE_VERSION', () => {
  it('is the version of the root package and of the huntforge command package', () => {
    expect(HUNTFORGE_VERSION).toBe(versionOf('package.json'));
    expect(HUNTFORGE_VERSION).toBe(versionOf('apps/cli/package.json'));
  });

  it('has a CHANGELOG section', () => {
    expect(readFileSync(resolve(__dirname, '../../../CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## \\[?${HUNTFORGE_VERSION.replaceAll('.', '\\.')}\\]?`, 'm'),
    );
  });
});
