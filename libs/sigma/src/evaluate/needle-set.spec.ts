import { anyNeedle } from './needle-set';
import type { Anchoring } from './wildcard';

/** What one comparison per text finds: the reference anyNeedle must agree with. */
function naive(needles: readonly string[], anchoring: Anchoring, value: string): boolean {
  return needles.some((needle) =>
    anchoring === 'exact'
      ? value === needle
      : anchoring === 'startswith'
        ? value.startsWith(needle)
        : anchoring === 'endswith'
          ? value.endsWith(needle)
          : value.includes(needle),
  );
}

const few = ['\\whoami.exe', 'c:\\windows\\', ' -enc ', 'évil'];
// Enough texts that `contains` uses the multi-literal scan; some share beginnings and endings, some go beyond ASCII.
const many = [...few, '\\cmd.exe', '\\powershell.exe', '\\pwsh.exe', 'c:\\users\\public\\', 'ΣΊΣΥΦΟΣ', '🦆', 'exe', 'c:\\'].map((needle) =>
  needle.toLowerCase(),
);
const values = [
  'c:\\windows\\system32\\whoami.exe',
  'c:\\windows\\system32\\whoami.exe.bak',
  'powershell.exe -enc aaaa',
  'c:\\temp\\évil\\x.dll',
  'c:\\temp\\evil\\x.dll',
  'σίσυφος',
  'ςίσυφος',
  'run 🦆 now',
  'exe',
  'c:\\',
  'c:',
  '',
];

describe('anyNeedle', () => {
  it.each(['exact', 'startswith', 'endswith', 'contains'] as Anchoring[])('finds what one comparison per text finds (%s)', (anchoring) => {
    for (const needles of [few, many]) {
      const test = anyNeedle(needles, anchoring);
      for (const value of [...values, ...needles]) expect([value, test(value)]).toEqual([value, naive(needles, anchoring, value)]);
    }
  });

  it('anchors where it is told', () => {
    expect(anyNeedle(many, 'endswith')('c:\\windows\\system32\\whoami.exe')).toBe(true);
    expect(anyNeedle(many, 'endswith')('c:\\windows\\system32\\whoami.exe.bak')).toBe(false);
    expect(anyNeedle(many, 'startswith')('c:\\windows\\system32\\whoami.exe.bak')).toBe(true);
    expect(anyNeedle(many, 'startswith')('d:\\c:\\')).toBe(false);
    expect(anyNeedle(many, 'contains')('d:\\c:\\')).toBe(true);
    expect(anyNeedle(many, 'exact')('\\pwsh.exe')).toBe(true);
    expect(anyNeedle(many, 'exact')('x\\pwsh.exe')).toBe(false);
  });
});
