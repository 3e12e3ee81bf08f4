import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runHunt } from './hunt-command';

const dir = mkdtempSync(join(tmpdir(), 'hf-hunt-'));
const write = (name: string, content: string | Buffer): string => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};

const whoami = write(
  'whoami.yml',
  "title: Whoami All\nid: 11111111-2222-3333-4444-555555555555\nlevel: medium\nlogsource: {category: process_creation, product: windows}\ndetection:\n  sel:\n    Image|endswith: '\\whoami.exe'\n    CommandLine|contains: '/all'\n  condition: sel\n",
);
const runKey = write(
  'run-key.yml',
  "title: Run Key\nlevel: high\nlogsource: {category: registry_set, product: windows}\ndetection:\n  sel:\n    TargetObject|contains: '\\CurrentVersion\\Run\\'\n  condition: sel\n",
);

const windowsEvent = (channel: string, eventId: number, time: string, data: Record<string, unknown>): string =>
  JSON.stringify({
    Event: {
      System: {
        Provider: { '#attributes': { Name: 'p' } },
        EventID: eventId,
        Channel: channel,
        Computer: `host-${eventId}`,
        TimeCreated: { '#attributes': { SystemTime: time } },
      },
      EventData: data,
    },
  });
const SYSMON = 'Microsoft-Windows-Sysmon/Operational';
const events = write(
  'events.jsonl',
  [
    windowsEvent(SYSMON, 13, '2025-05-01T10:00:00Z', {
      TargetObject: 'HKU\\S-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\x',
      Image: 'C:\\whoami.exe',
    }),
    windowsEvent(SYSMON, 1, '2025-05-01T09:00:00Z', {
      Image: 'C:\\Windows\\System32\\whoami.exe',
      CommandLine: 'whoami /all',
      User: 'amy',
    }),
    windowsEvent('Security', 4688, '2025-05-01T11:00:00Z', {
      NewProcessName: 'C:\\Windows\\System32\\whoami.exe',
      CommandLine: 'whoami /all',
    }),
  ].join('\n'),
);

describe('huntforge sigma hunt', () => {
  it('lists detections in time order with computer, rule, level and the fields that matched (Sysmon and Security 4688 alike)', async () => {
    const result = await runHunt([dir], { events: [events], format: 'json' });
    const { detections, summary } = JSON.parse(result.output);
    expect(
      detections.map((hit: { time: string; computer: string; rule: string; level: string; event: number }) => [
        hit.time,
        hit.computer,
        hit.rule,
        hit.level,
        hit.event,
      ]),
    ).toEqual([
      ['2025-05-01T09:00:00Z', 'host-1', 'Whoami All', 'medium', 1],
      ['2025-05-01T10:00:00Z', 'host-13', 'Run Key', 'high', 0],
      ['2025-05-01T11:00:00Z', 'host-4688', 'Whoami All', 'medium', 2],
    ]);
    expect(detections[0].fields).toEqual({ Image: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' });
    expect(detections[0].id).toBe('11111111-2222-3333-4444-555555555555');
    expect(summary).toEqual({ rules: 2, events: 3, detections: 3, skipped_out_of_range: 0 });
  });

  it('filters by time range and minimum level, and writes CSV and a table', async () => {
    const ranged = JSON.parse(
      (await runHunt([dir], { events: [events], format: 'json', from: '2025-05-01T09:30:00Z', to: '2025-05-01T11:00:00Z' })).output,
    );
    expect(ranged.detections.map((hit: { rule: string }) => hit.rule)).toEqual(['Run Key']);
    expect(ranged.summary.skipped_out_of_range).toBe(2);
    const high = JSON.parse((await runHunt([whoami, runKey], { events: [events], format: 'json', level: 'high' })).output);
    expect(high.detections.map((hit: { rule: string }) => hit.rule)).toEqual(['Run Key']);
    const csv = (await runHunt([dir], { events: [write('events.jsonl.gz', gzipSync(readFileSync(events)))], format: 'csv' })).output
      .trim()
      .split('\n');
    expect(csv[0]).toBe('time,computer,level,rule,id,event,input,fields');
    expect(csv[1]).toMatch(
      /^2025-05-01T09:00:00Z,host-1,medium,Whoami All,11111111-2222-3333-4444-555555555555,1,.*events\.jsonl\.gz,"{""Image"":""C:\\\\Windows/,
    );
    const table = (await runHunt([dir], { events: [events], format: 'table' })).output.trim().split('\n');
    expect(table[0]).toMatch(/^time\s+computer\s+level\s+rule\s+matched fields$/);
    expect(table.at(-1)).toBe('3 detections, 2 rules, 3 events');
  });

  it('refuses a time that is not one, naming the option', async () => {
    await expect(runHunt([dir], { events: [events], format: 'json', from: 'yesterday' })).rejects.toThrow(/--from yesterday: not a time/);
  });
});
