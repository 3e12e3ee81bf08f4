import { cronProblem } from './cron-pattern';

describe('cronProblem', () => {
  it.each(['*/30 * * * *', '0 2 * * *', '0 4 * * 0', '30 4 * * 1-5', ' 0 15 * * * '])('accepts %s', (cron) => {
    expect(cronProblem(cron)).toBeNull();
  });

  it('rejects anything but five crontab fields', () => {
    expect(cronProblem('0 0 2 * * *')).toMatch(/5 crontab fields/);
    expect(cronProblem('0 2 * *')).toMatch(/got 4/);
    expect(cronProblem('@daily')).toMatch(/5 crontab fields/);
  });

  it('rejects values croner refuses', () => {
    expect(cronProblem('61 * * * *')).not.toBeNull();
    expect(cronProblem('* * * * mon-xyz')).not.toBeNull();
  });

  it('rejects a schedule that never fires', () => {
    expect(cronProblem('0 0 31 2 *')).toBe('the schedule never fires');
  });
});
