import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCli } from './test-support/processes';

describe('huntforge --version', () => {
  it('prints the release of the root package.json and exits 0', () => {
    const { version } = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = runCli([flag], {});
      expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: `${version}\n` });
    }
  });
});
