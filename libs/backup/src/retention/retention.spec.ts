import { BackupError } from '../errors';
import { planPrune, type RetentionCandidate } from './retention';

const day = (n: number, valid = true): RetentionCandidate => ({
  id: `b${String(n).padStart(2, '0')}`,
  createdAt: new Date(Date.UTC(2026, 10, n, 2)),
  valid,
});

describe('retention', () => {
  it('keeps the newest N and removes the rest, whatever order they come in', () => {
    const plan = planPrune([day(3), day(1), day(5), day(2), day(4)], 2);
    expect(plan).toEqual({ keep: ['b05', 'b04'], remove: ['b03', 'b02', 'b01'] });
  });

  it('removes nothing when there are at most N', () => {
    expect(planPrune([day(1), day(2)], 14)).toEqual({ keep: ['b02', 'b01'], remove: [] });
    expect(planPrune([], 14)).toEqual({ keep: [], remove: [] });
  });

  it('never deletes the only valid backup, even when the newest ones are broken', () => {
    const plan = planPrune([day(1), day(2), day(3, false), day(4, false)], 2);
    expect(plan.keep).toEqual(['b04', 'b03', 'b02']);
    expect(plan.remove).toEqual(['b01']);
  });

  it('removes broken backups beyond N when a newer valid one is kept', () => {
    expect(planPrune([day(1, false), day(2), day(3)], 1)).toEqual({ keep: ['b03'], remove: ['b02', 'b01'] });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses keep=%s with invalid_retention', (keep) => {
    expect(() => planPrune([day(1)], keep)).toThrow(BackupError);
    expect(() => planPrune([day(1)], keep)).toThrow(/at least 1/);
  });
});
