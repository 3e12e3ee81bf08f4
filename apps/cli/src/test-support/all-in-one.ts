import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES } from '@huntforge/contracts';
import { createLogger, loadConfig, startAllInOne, type AllInOneHandle } from '@huntforge/platform';
import { seedMigratedDataDir } from '@huntforge/test-kit';
import { ALL_IN_ONE_MODULES, createAllInOneGateway } from '../all-in-one-modules';

export interface TestAllInOne {
  handle: AllInOneHandle;
  dataDir: string;
  /** Stops the service and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * `huntforge start` in this process, as the CLI composes it: a fresh DATA_DIR (seeded with the migrated test image), a free port, silent logs and
 * no scheduler; `env` adds or overrides settings (AUTH_MODE, SETTINGS_ENCRYPTION_KEY, ...).
 */
export async function startTestAllInOne(env: Record<string, string> = {}): Promise<TestAllInOne> {
  const dataDir = mkdtempSync(join(tmpdir(), 'huntforge-aio-'));
  try {
    seedMigratedDataDir(dataDir);
    const config = loadConfig(
      { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SCHEDULER_ENABLED: 'false', ...env },
      { shape: 'all-in-one', service: 'all-in-one' },
    );
    const handle = await startAllInOne({
      config,
      logger: createLogger({ level: 'silent', service: 'all-in-one' }),
      modules: ALL_IN_ONE_MODULES,
      createGateway: createAllInOneGateway,
      defaultPort: SERVICES.gateway.defaultPort,
    });
    return {
      handle,
      dataDir,
      async stop() {
        await handle.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
