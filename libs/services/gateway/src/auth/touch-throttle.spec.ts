import { TouchThrottle } from './touch-throttle';

describe('TouchThrottle', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

  it('touches a token at most once per interval', () => {
    const throttle = new TouchThrottle(60_000);
    expect(throttle.shouldTouch(1, null, at(0))).toBe(true);
    expect(throttle.shouldTouch(1, null, at(59))).toBe(false);
    expect(throttle.shouldTouch(2, null, at(59))).toBe(true);
    expect(throttle.shouldTouch(1, null, new Date(at(0).getTime() + 60_000))).toBe(true);
  });

  it('counts the stored last use, so a fresh replica does not write again', () => {
    const throttle = new TouchThrottle(60_000);
    expect(throttle.shouldTouch(1, at(30), at(45))).toBe(false);
    expect(throttle.shouldTouch(1, at(0), new Date(at(0).getTime() + 61_000))).toBe(true);
  });
});
