import { extractionResultSchema } from '@huntforge/contracts/extraction';
import { aggregateExtraction } from './aggregate';

const ev = (text: string) => ({ start: 0, end: text.length, text });

describe('aggregateExtraction', () => {
  it('normalises per type and deduplicates across agents and reports', () => {
    const result = aggregateExtraction({
      CmdlineExtract: {
        status: 'completed',
        output: {
          items: [
            { value: 'cmd.exe  /c   whoami', executable: 'cmd.exe', evidence: ev('a'), confidence: 0.8 },
            { value: '`cmd.exe /c whoami`', executable: 'cmd.exe', evidence: ev('b'), confidence: 0.9 },
          ],
          count: 2,
        },
      },
      NetworkIndicatorExtract: {
        status: 'completed',
        output: {
          items: [
            { kind: 'domain', value: 'Evil[.]COM', evidence: ev('Evil[.]COM'), confidence: 0.95 },
            { kind: 'domain', value: 'evil.com.', evidence: ev('evil.com.'), confidence: 0.7 },
            { kind: 'url', value: 'hxxps://Evil.com/A', evidence: ev('u'), confidence: 0.9 },
            { kind: 'ipv6', value: '2a0b:4141:0820:001c:0000:0000:0000:0002', evidence: ev('i'), confidence: 0.9 },
          ],
          count: 4,
        },
      },
      RegistryExtract: {
        status: 'completed',
        output: {
          items: [
            { value: 'HKEY_LOCAL_MACHINE\\Software\\Run', hive: 'HKLM', path: 'Software\\Run', evidence: ev('k'), confidence: 0.8 },
            { value: 'hklm:\\software\\run', hive: 'HKLM', path: 'software\\run', evidence: ev('k2'), confidence: 0.8 },
          ],
          count: 2,
        },
      },
      ServicesExtract: { status: 'failed', error: { code: 'agent_failed', message: 'boom' } },
      ScheduledTasksExtract: { status: 'skipped', reason: { code: 'platform_not_windows', message: 'linux' } },
    });

    expect(result.observables.map((o) => [o.type, o.value])).toEqual([
      ['cmdline', 'cmd.exe /c whoami'],
      ['registry_key', 'HKLM\\Software\\Run'],
      ['domain', 'evil.com'],
      ['url', 'https://evil.com/A'],
      ['ipv6', '2a0b:4141:820:1c::2'],
    ]);
    expect(result.discrete_huntables_count).toBe(5);
    expect(result.summary).toMatchObject({
      total: 5,
      reported: 8,
      agents_failed: ['ServicesExtract'],
      agents_skipped: ['ScheduledTasksExtract'],
    });
    expect(result.observables[0].confidence).toBe(0.9);
    expect(result.subresults.services).toMatchObject({ status: 'failed', count: 0, error: { code: 'agent_failed' } });
    expect(result.subresults.scheduled_tasks).toMatchObject({ status: 'skipped', skip_reason: { code: 'platform_not_windows' } });
    expect(result.content).toContain('Command lines:\n- cmd.exe /c whoami');
    expect(extractionResultSchema.safeParse(result).success).toBe(true);
  });

  it('lists every agent that reported the same observable', () => {
    const item = { value: 'cmd.exe -> curl.exe', parent: 'cmd.exe', child: 'curl.exe', evidence: ev('x'), confidence: 0.9 };
    const result = aggregateExtraction({
      ProcTreeExtract: { status: 'completed', output: { items: [item, { ...item, value: 'CMD.EXE > curl.exe' }], count: 2 } },
    });
    expect(result.observables).toHaveLength(1);
    expect(result.observables[0]).toMatchObject({ source_agent: 'ProcTreeExtract', attributes: { parent: 'cmd.exe', child: 'curl.exe' } });
  });

  it('keeps one registry item per key and value name', () => {
    const key = (value_name: string | undefined, text: string) => ({
      value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      hive: 'HKCU' as const,
      path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      ...(value_name === undefined ? {} : { value_name }),
      evidence: ev(text),
      confidence: 0.8,
    });
    const items = [key('Updater', 'a'), key('Helper', 'b'), key('UPDATER', 'c'), key(undefined, 'd')];
    const result = aggregateExtraction({ RegistryExtract: { status: 'completed', output: { items, count: items.length } } });
    expect(result.observables.map((o) => o.attributes?.['value_name'] ?? null)).toEqual(['Updater', 'Helper', null]);
  });

  it('produces an empty but valid result when nothing ran', () => {
    const result = aggregateExtraction({});
    expect(result).toMatchObject({ observables: [], discrete_huntables_count: 0, content: '' });
    expect(extractionResultSchema.safeParse(result).success).toBe(true);
  });
});
