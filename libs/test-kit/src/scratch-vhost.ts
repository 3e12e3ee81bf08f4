import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const rabbitmqctl = (...args: string[]) => promisify(execFile)('rabbitmqctl', ['--quiet', ...args]);

export interface ScratchVhost {
  name: string;
  /** The broker URL pointed at the scratch vhost. */
  url: string;
  /** Cuts every connection of this vhost from the broker side; other suites' connections are untouched. */
  cutConnections(reason: string): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A throwaway RabbitMQ vhost for tests that disrupt the broker, so jest's parallel workers never see it.
 * Needs `rabbitmqctl` on this machine (the broker is local in tests and CI).
 */
export async function createScratchVhost(baseUrl: string): Promise<ScratchVhost> {
  const name = `huntforge-test-${randomBytes(4).toString('hex')}`;
  const url = new URL(baseUrl);
  const user = decodeURIComponent(url.username || 'guest');
  await rabbitmqctl('add_vhost', name);
  await rabbitmqctl('set_permissions', '--vhost', name, user, '.*', '.*', '.*');
  url.pathname = `/${encodeURIComponent(name)}`;
  return {
    name,
    url: url.toString(),
    async cutConnections(reason) {
      await rabbitmqctl('close_all_connections', '--vhost', name, reason);
    },
    async dispose() {
      await rabbitmqctl('delete_vhost', name);
    },
  };
}
