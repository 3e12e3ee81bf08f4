import { CrontabUnavailableError, type CrontabPort } from './crontab/crontab-port';

/** The crontab's text, or why it cannot be read: reads never fail on a host without cron. */
export async function readCrontab(crontab: Pick<CrontabPort, 'read'>): Promise<{ text: string } | { unavailable: string }> {
  try {
    return { text: await crontab.read() };
  } catch (error) {
    if (error instanceof CrontabUnavailableError) return { unavailable: error.reason };
    throw error;
  }
}
