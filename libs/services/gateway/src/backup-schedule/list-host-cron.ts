import type { HostCronResponse } from '@huntforge/contracts/http';
import { parseCrontab } from './crontab/crontab-lines';
import type { CrontabPort } from './crontab/crontab-port';
import { readCrontab } from './read-crontab';

/** GET /api/cron: every job line of the host crontab; a host without cron answers available=false. */
export interface ListHostCronDeps {
  crontab: Pick<CrontabPort, 'read'>;
}

export async function listHostCron(deps: ListHostCronDeps): Promise<HostCronResponse> {
  const read = await readCrontab(deps.crontab);
  if ('unavailable' in read) return { available: false, reason: read.unavailable, entries: [] };
  return { available: true, reason: null, entries: parseCrontab(read.text) };
}
