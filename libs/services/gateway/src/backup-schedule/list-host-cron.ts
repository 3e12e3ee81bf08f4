import type { HostCronResponse } from '@huntforge/contracts/http';
import { parseCrontab } from './crontab/crontab-lines';
import type { CrontabPort } from './crontab/crontab-port';
import { readCrontab } from './read-crontab';

/** GET /api/cron: every job line of the host crontab; a host without cron answers available=false. */
export async function listHostCron(crontab: CrontabPort): Promise<HostCronResponse> {
  const read = await readCrontab(crontab);
  if ('unavailable' in read) return { available: false, reason: read.unavailable, entries: [] };
  return { available: true, reason: null, entries: parseCrontab(read.text) };
}
