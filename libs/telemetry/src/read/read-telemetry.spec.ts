import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildEvtx, type FixtureEvent } from '@huntforge/test-kit';
import type { TelemetryEvent } from '../telemetry-event';
import { readTelemetry, readTelemetryBatches, readTelemetryFile, TelemetryInputError, type InputSummary } from './read-telemetry';

const dir = mkdtempSync(join(tmpdir(), 'hf-telemetry-'));
const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

async function read(path: string): Promise<{ events: TelemetryEvent[]; summary: InputSummary }> {
  const summary: InputSummary = { path, container: '', events: 0, problems: [] };
  const events: TelemetryEvent[] = [];
  for await (const event of readTelemetryFile(path, summary)) events.push(event);
  return { events, summary };
}

const sysmon = (index: number, image: string): FixtureEvent => ({
  provider: 'Microsoft-Windows-Sysmon',
  eventId: 1,
  channel: 'Microsoft-Windows-Sysmon/Operational',
  computer: `ws${index}.corp.example`,
  time: new Date(Date.UTC(2025, 0, 2, 3, 4, index)),
  data: { RuleName: '-', ProcessId: 4000 + index, Image: image, CommandLine: `${image} /all` },
  userSid: 'S-1-5-18',
});

describe('EVTX read natively', () => {
  it('reads records through template instances (defined once per chunk, then referenced) as evtx_dump JSON, across chunks', async () => {
    const events = Array.from({ length: 400 }, (_, index) => sysmon(index, `C:\\Windows\\System32\\tool${index}.exe`));
    const { events: read1, summary } = await read(file('many.evtx', buildEvtx(events)));
    expect(summary).toMatchObject({ container: 'evtx', events: 400, problems: [] });
    const first = read1[0] as TelemetryEvent;
    expect(first.fields).toMatchObject({
      Image: 'C:\\Windows\\System32\\tool0.exe',
      CommandLine: 'C:\\Windows\\System32\\tool0.exe /all',
      ProcessId: 4000,
      EventID: 1,
      Channel: 'Microsoft-Windows-Sysmon/Operational',
      Provider_Name: 'Microsoft-Windows-Sysmon',
      Computer: 'ws0.corp.example',
    });
    expect(first.fields['Event']).toMatchObject({
      '#attributes': { xmlns: 'http://schemas.microsoft.com/win/2004/08/events/event' },
      System: { Security: { '#attributes': { UserID: 'S-1-5-18' } }, EventRecordID: 1 },
    });
    expect(first.source).toEqual({
      product: 'windows',
      channel: 'Microsoft-Windows-Sysmon/Operational',
      eventId: 1,
      provider: 'Microsoft-Windows-Sysmon',
    });
    expect(first.time).toBe('2025-01-02T03:04:00.000000Z');
    expect(read1[399]?.fields['Image']).toBe('C:\\Windows\\System32\\tool399.exe');
  });

  it('skips and reports a damaged chunk and a truncated one, and reads the others', async () => {
    const oneChunk = buildEvtx(Array.from({ length: 400 }, (_, index) => sysmon(index, 'C:\\a.exe')));
    const chunks = (oneChunk.length - 4096) / 65536;
    expect(chunks).toBeGreaterThanOrEqual(2);
    const damaged = Buffer.from(oneChunk);
    damaged[4096 + 700] = (damaged[4096 + 700] as number) ^ 0xff; // a record byte of chunk 0
    const truncated = damaged.subarray(0, damaged.length - 1000);
    const { events, summary } = await read(file('damaged.evtx', truncated));
    expect(summary.problems).toEqual([
      expect.stringMatching(/damaged\.evtx: chunk 0: the records checksum does not match \(damaged records\): skipped/),
      expect.stringMatching(new RegExp(`chunk ${chunks - 1}: truncated chunk \\(64536 of 65536 bytes\\): skipped`)),
    ]);
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThan(400);
    expect(summary.events).toBe(events.length);
  });

  it('refuses a file that is not EVTX after its signature, naming it', async () => {
    const header = buildEvtx([sysmon(0, 'C:\\a.exe')]).subarray(0, 100);
    await expect(read(file('short.evtx', header))).rejects.toThrow(/short\.evtx: the file ends inside the EVTX file header/);
  });
});

describe('text formats', () => {
  it('reads evtx_dump JSON Lines: EventData and UserData at the top, names with spaces also joined, System values beside them', async () => {
    const defender = {
      Event: {
        System: {
          Provider: { '#attributes': { Name: 'Microsoft-Windows-Windows Defender' } },
          EventID: { '#attributes': { Qualifiers: 0 }, '#text': 1116 },
          Channel: 'Microsoft-Windows-Windows Defender/Operational',
          Computer: 'pc1',
          TimeCreated: { '#attributes': { SystemTime: '2025-01-01T00:00:00Z' } },
        },
        EventData: { 'Threat Name': 'EICAR', Path: 'C:\\x' },
      },
    };
    const wmi = {
      Event: {
        System: { EventID: 5858, Channel: 'Microsoft-Windows-WMI-Activity/Operational' },
        UserData: { Operation_ClientFailure: { '#attributes': { xmlns: 'x' }, Operation: 'Start IWbemServices::ExecQuery' } },
      },
    };
    const { events, summary } = await read(file('win.jsonl', `${JSON.stringify(defender)}\n\n${JSON.stringify(wmi)}\n`));
    expect(summary).toMatchObject({ container: 'jsonl', events: 2 });
    expect(events[0]?.fields).toMatchObject({
      'Threat Name': 'EICAR',
      ThreatName: 'EICAR',
      EventID: 1116,
      Provider_Name: 'Microsoft-Windows-Windows Defender',
      Computer: 'pc1',
    });
    expect(events[0]?.time).toBe('2025-01-01T00:00:00Z');
    expect(events[1]?.fields).toMatchObject({ Operation: 'Start IWbemServices::ExecQuery', EventID: 5858 });
    expect(events[1]?.source).toEqual({ product: 'windows', channel: 'Microsoft-Windows-WMI-Activity/Operational', eventId: 5858 });
  });

  it('names the line that is not JSON, and the one that is not an object', async () => {
    await expect(read(file('bad.jsonl', '{"a": 1}\n{"a": 2\n'))).rejects.toThrow(/bad\.jsonl, line 2: not JSON/);
    await expect(read(file('array.jsonl', '{"a": 1}\n\n[1]\n'))).rejects.toMatchObject({
      code: 'not_an_object',
      message: expect.stringMatching(/array\.jsonl, line 3: an event must be a JSON object/),
    });
    await expect(read(file('prose.txt', 'hello\nworld\n'))).rejects.toBeInstanceOf(TelemetryInputError);
  });

  it('reads a CloudTrail file (Records), gzipped, and declares aws/cloudtrail', async () => {
    const records = {
      Records: [
        {
          eventVersion: '1.08',
          eventTime: '2025-02-01T10:00:00Z',
          eventSource: 's3.amazonaws.com',
          eventName: 'PutBucketPolicy',
          awsRegion: 'eu-west-1',
          recipientAccountId: '111122223333',
          userIdentity: { type: 'IAMUser' },
        },
        {
          eventVersion: '1.08',
          eventTime: '2025-02-01T10:01:00Z',
          eventSource: 'iam.amazonaws.com',
          eventName: 'CreateUser',
          awsRegion: 'us-east-1',
        },
      ],
    };
    const { events, summary } = await read(file('trail.json.gz', gzipSync(JSON.stringify(records, null, 2))));
    expect(summary).toMatchObject({ container: 'json+gzip', events: 2 });
    expect(events.map((event) => [event.format, event.source, event.time, event.computer])).toEqual([
      ['cloudtrail', { product: 'aws', service: 'cloudtrail' }, '2025-02-01T10:00:00Z', '111122223333'],
      ['cloudtrail', { product: 'aws', service: 'cloudtrail' }, '2025-02-01T10:01:00Z', 'us-east-1'],
    ]);
    expect(events[0]?.fields['userIdentity']).toEqual({ type: 'IAMUser' });
    // One record per line works too, and a one-line {"Records": [...]} file.
    const single = await read(file('trail.jsonl', `${JSON.stringify(records)}\n`));
    expect(single.events).toHaveLength(2);
  });

  it('recognises Okta, Entra ID sign-ins and audits, Winlogbeat and ECS records', async () => {
    const okta = {
      uuid: 'u1',
      published: '2025-03-01T00:00:00Z',
      eventType: 'user.mfa.factor.deactivate',
      displayMessage: 'Reset factor',
      actor: { alternateId: 'amy@corp.example' },
      outcome: { result: 'SUCCESS' },
    };
    const signin = {
      time: '2025-03-01T01:00:00Z',
      operationName: 'Sign-in activity',
      category: 'SignInLogs',
      resultType: '50126',
      properties: { userPrincipalName: 'amy@corp.example', authenticationRequirement: 'singleFactorAuthentication' },
    };
    const audit = {
      id: 'a',
      activityDateTime: '2025-03-01T02:00:00Z',
      activityDisplayName: 'Add member to role',
      loggedByService: 'Core Directory',
    };
    const winlogbeat = {
      '@timestamp': '2025-03-01T03:00:00Z',
      winlog: {
        channel: 'Security',
        event_id: '4688',
        provider_name: 'Microsoft-Windows-Security-Auditing',
        computer_name: 'dc1',
        event_data: { NewProcessName: 'C:\\Windows\\System32\\whoami.exe' },
      },
    };
    const ecs = {
      '@timestamp': '2025-03-01T04:00:00Z',
      ecs: { version: '8.11' },
      event: { category: ['process'], type: ['start'] },
      host: { name: 'lnx1', os: { type: 'linux' } },
      process: { command_line: 'id' },
    };
    const lines = [okta, signin, audit, winlogbeat, ecs].map((record) => JSON.stringify(record)).join('\n');
    const { events } = await read(file('cloud.jsonl', lines));
    expect(events.map((event) => [event.format, event.source])).toEqual([
      ['okta', { product: 'okta', service: 'okta' }],
      ['entra', { product: 'azure', service: 'signinlogs' }],
      ['entra', { product: 'azure', service: 'auditlogs' }],
      ['winlogbeat', { product: 'windows', channel: 'Security', eventId: 4688, provider: 'Microsoft-Windows-Security-Auditing' }],
      ['ecs', { product: 'linux', category: 'process_creation' }],
    ]);
    expect(events[1]?.fields).toMatchObject({
      ResultType: '50126',
      AuthenticationRequirement: 'singleFactorAuthentication',
      properties: { userPrincipalName: 'amy@corp.example' },
    });
    expect(events[3]?.fields).toMatchObject({ NewProcessName: 'C:\\Windows\\System32\\whoami.exe', EventID: 4688, Computer: 'dc1' });
  });

  it('reads Sysmon for Linux from syslog lines (other lines skipped and counted) and event XML files', async () => {
    const xml =
      '<Event><System><Provider Name="Linux-Sysmon" Guid="{ff032593-a8d3-4f13-b0d6-01fc615a0f97}"/><EventID>1</EventID><Channel>Linux-Sysmon/Operational</Channel><Computer>lnx2</Computer><TimeCreated SystemTime="2025-04-01T00:00:00.000000Z"/></System><EventData><Data Name="Image">/usr/bin/curl</Data><Data Name="CommandLine">curl -s http://x &amp;&amp; sh</Data></EventData></Event>';
    const syslog = `Apr  1 00:00:00 lnx2 systemd[1]: Started session.\nApr  1 00:00:00 lnx2 sysmon: ${xml}\n`;
    const { events, summary } = await read(file('syslog', syslog));
    expect(summary).toMatchObject({
      container: 'syslog',
      events: 1,
      problems: [expect.stringMatching(/1 syslog line\(s\) without an event skipped/)],
    });
    expect(events[0]?.fields).toMatchObject({
      Image: '/usr/bin/curl',
      CommandLine: 'curl -s http://x && sh',
      EventID: 1,
      Computer: 'lnx2',
    });
    expect(events[0]?.source).toMatchObject({ product: 'linux', channel: 'Linux-Sysmon/Operational', eventId: 1 });
    const exported = await read(file('export.xml', `<?xml version="1.0"?>\n<Events>${xml}${xml.replace('curl', 'wget')}</Events>`));
    expect(exported.events.map((event) => event.fields['Image'])).toEqual(['/usr/bin/curl', '/usr/bin/wget']);
  });

  it('reads a stream as it arrives, one byte at a time', async () => {
    const text = `${JSON.stringify({ a: 1, é: 'ü' })}\n${JSON.stringify({ a: 2 })}`;
    const bytes = (async function* () {
      for (const byte of Buffer.from(text)) yield Buffer.from([byte]);
    })();
    const events: TelemetryEvent[] = [];
    for await (const event of readTelemetry('stream', bytes)) events.push(event);
    expect(events.map((event) => event.fields)).toEqual([{ a: 1, é: 'ü' }, { a: 2 }]);
  });

  it('reads JSON Lines with a byte-order mark and CRLF line ends, split anywhere, in batches per block', async () => {
    const text = `\uFEFF${JSON.stringify({ n: 1, path: 'C:\\Users\\José' })}\r\n\r\n${JSON.stringify({ n: 2 })}\r\n${JSON.stringify({ n: 3 })}`;
    const whole = Buffer.from(text);
    // Cut inside the two-byte "é" and between CR and LF.
    const cuts = [whole.indexOf(Buffer.from('é')) + 1, whole.indexOf(Buffer.from('\r\n')) + 1, whole.length];
    const bytes = (async function* () {
      let from = 0;
      for (const cut of cuts) {
        yield whole.subarray(from, cut);
        from = cut;
      }
    })();
    const summary: InputSummary = { path: 'stream', container: '', events: 0, problems: [] };
    const batches: TelemetryEvent[][] = [];
    for await (const batch of readTelemetryBatches('stream', bytes, summary)) batches.push(batch);
    expect(batches.flat().map((event) => event.fields)).toEqual([{ n: 1, path: 'C:\\Users\\José' }, { n: 2 }, { n: 3 }]);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    expect(summary).toMatchObject({ container: 'jsonl', events: 3 });
  });

  it('names the line of a non-JSON line however the blocks fall', async () => {
    const bytes = (async function* () {
      yield Buffer.from('{"n": 1}\n{"n": 2}\nnot js');
      yield Buffer.from('on\n');
    })();
    const events: TelemetryEvent[] = [];
    await expect(
      (async () => {
        for await (const event of readTelemetry('cut.jsonl', bytes)) events.push(event);
      })(),
    ).rejects.toThrow(/cut\.jsonl, line 3: not JSON/);
    expect(events).toHaveLength(2);
  });
});
