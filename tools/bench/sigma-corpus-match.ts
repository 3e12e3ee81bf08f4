// Evaluation benchmark: the whole rule corpus over raw events, one event at a time, as `huntforge
// sigma test` and `sigma hunt` run it: rules compiled once and gated by logsource, candidates picked by
// one literal scan per field value. Uses ../shared/sigma-corpus (or SIGMA_CORPUS_DIR) and, for events,
// the raw Windows events of ../shared/external-suites/sigma-regression (evtx_dump JSON, read through
// libs/telemetry) plus synthetic Sysmon, Security, PowerShell and CloudTrail events; a generated corpus
// and the synthetic events only when those are absent. Prints compile time, rules tried per event,
// events/s on one core, and checks the index finds exactly what trying every gated rule finds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  addGatedRule,
  gateAllows,
  loadRuleDocuments,
  resolveSource,
  ruleGate,
  RuleCompileError,
  RuleSet,
  type CompiledRule,
} from '@huntforge/sigma';
import { recognise, type TelemetryEvent } from '@huntforge/telemetry';

const shared = join(__dirname, '..', '..', '..', 'shared');
const corpusDir = resolve(process.env.SIGMA_CORPUS_DIR ?? join(shared, 'sigma-corpus'));
const regressionEvents = join(shared, 'external-suites', 'sigma-regression', 'events');
const seconds = Number(process.env.BENCH_SECONDS ?? 3);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out;
}

function generatedCorpus(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) =>
      `title: Generated ${i}\nlogsource: {category: process_creation, product: windows}\ndetection:\n  selection:\n    Image|endswith: '\\tool${i % 300}.exe'\n    CommandLine|contains: ' -flag${i % 800} '\n  condition: selection\n`,
  );
}

const windows = (channel: string, eventId: number, data: Record<string, unknown>): Record<string, unknown> => ({
  Event: {
    System: {
      Provider: { '#attributes': { Name: 'bench' } },
      EventID: eventId,
      Channel: channel,
      Computer: 'ws1.corp.example',
      TimeCreated: { '#attributes': { SystemTime: '2025-01-01T00:00:00.000000Z' } },
    },
    EventData: data,
  },
});
const SYSMON = 'Microsoft-Windows-Sysmon/Operational';
const synthetic: Array<Record<string, unknown>> = [
  windows(SYSMON, 1, {
    Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    OriginalFileName: 'PowerShell.EXE',
    CommandLine: 'powershell.exe -NoP -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAKQA=',
    ParentImage: 'C:\\Windows\\System32\\cmd.exe',
    ParentCommandLine: 'cmd.exe /c start.bat',
    User: 'CORP\\alice',
    IntegrityLevel: 'Medium',
    CurrentDirectory: 'C:\\Users\\alice\\AppData\\Local\\Temp\\',
    Hashes: 'SHA256=0F0FD4B9DFD555E4A53AE9070447E330EAAF96FF51F012CD982157DEDFDDD9A6',
  }),
  windows(SYSMON, 1, {
    Image: 'C:\\Windows\\System32\\rundll32.exe',
    OriginalFileName: 'RUNDLL32.EXE',
    CommandLine: 'rundll32.exe C:\\ProgramData\\update.dll,DllRegisterServer',
    ParentImage: 'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
  }),
  windows(SYSMON, 13, {
    EventType: 'SetValue',
    TargetObject: 'HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Updater',
    Details: 'C:\\Users\\Public\\upd.exe',
    Image: 'C:\\Users\\Public\\upd.exe',
  }),
  windows(SYSMON, 22, {
    QueryName: 'raw.githubusercontent.com',
    Image: 'C:\\Windows\\System32\\curl.exe',
    QueryResults: '185.199.108.133',
  }),
  windows(SYSMON, 3, {
    Image: 'C:\\Windows\\System32\\svchost.exe',
    DestinationIp: '52.1.2.3',
    DestinationPort: 443,
    DestinationHostname: 'update.example.com',
    Initiated: 'true',
  }),
  windows('Security', 4688, {
    NewProcessName: 'C:\\Windows\\System32\\whoami.exe',
    CommandLine: 'whoami /all',
    ParentProcessName: 'C:\\Windows\\System32\\cmd.exe',
    SubjectUserName: 'alice',
  }),
  windows('Security', 4624, {
    LogonType: 3,
    TargetUserName: 'alice',
    IpAddress: '10.0.0.5',
    AuthenticationPackageName: 'NTLM',
    LogonProcessName: 'NtLmSsp',
  }),
  windows('Microsoft-Windows-PowerShell/Operational', 4104, {
    ScriptBlockText: 'Get-ChildItem -Path C:\\Users -Recurse | Where-Object { $_.Length -gt 1MB }',
    Path: '',
  }),
  {
    eventVersion: '1.08',
    eventTime: '2025-01-01T00:00:00Z',
    eventSource: 'iam.amazonaws.com',
    eventName: 'CreateAccessKey',
    awsRegion: 'us-east-1',
    userIdentity: { type: 'IAMUser', userName: 'ci' },
    requestParameters: { userName: 'ci' },
  },
];

function regressionSamples(): Array<Record<string, unknown>> {
  if (!existsSync(regressionEvents)) return [];
  return readdirSync(regressionEvents)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) =>
      readFileSync(join(regressionEvents, name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
}

const haveCorpus = existsSync(corpusDir);
const texts = haveCorpus ? walk(corpusDir).map((path) => readFileSync(path, 'utf8')) : generatedCorpus(4000);
const records = [...regressionSamples(), ...synthetic];

// CPU time of this process (user + system): on a shared machine the wall clock also counts other work.
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const started = cpuMs();
const set = new RuleSet<number>();
const all: Array<{ rule: CompiledRule; index: number }> = [];
let refused = 0;
for (const text of texts) {
  try {
    for (const doc of loadRuleDocuments(text)) {
      if (!doc.detection) continue;
      all.push({ rule: addGatedRule(set, doc, all.length), index: all.length });
    }
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    refused++;
  }
}
const compileMs = cpuMs() - started;

const readStarted = cpuMs();
const events: TelemetryEvent[] = [];
for (let round = 0; round < 20; round++) events.splice(0, events.length, ...records.map((record) => recognise(record)));
const readMs = (cpuMs() - readStarted) / 20;

console.log(
  `sigma-corpus-match: ${haveCorpus ? `corpus ${corpusDir}` : 'generated corpus (4,000 rules)'}, ${events.length} raw events (${events.length - synthetic.length} from sigma-regression, ${synthetic.length} synthetic)`,
);
console.log(
  `  rules compiled ${all.length} (refused ${refused}) in ${compileMs.toFixed(0)} ms of CPU; ${all.filter(({ rule }) => rule.triggers === null).length} rules have no prefilter key`,
);
console.log(`  reading raw events into fields: ${((events.length / readMs) * 1000).toFixed(0)} events/s`);

// Correctness: the index finds what trying every rule whose gate admits the event finds.
let disagreements = 0;
const tried: number[] = [];
for (const event of events) {
  const view = event.source ? resolveSource(event.source) : null;
  const indexed = [...new Set(set.match(event.fields, event.source).map((entry) => entry.meta))].sort((a, b) => a - b);
  const full = all.filter(({ rule }) => gateAllows(ruleGate(rule.doc), view) && rule.matches(event.fields)).map(({ index }) => index);
  if (indexed.join() !== full.join() && !view?.variant) disagreements++;
  tried.push(set.candidateCount(event.fields, event.source));
}
tried.sort((a, b) => a - b);
const mean = tried.reduce((sum, count) => sum + count, 0) / tried.length;
console.log(
  `  rules tried per event: mean ${mean.toFixed(1)}, median ${tried[Math.floor(tried.length / 2)]}, p95 ${tried[Math.floor(tried.length * 0.95)]}, max ${tried[tried.length - 1]} (of ${set.size} compiled)`,
);

// Throughput: every event in turn, for a few seconds after a warm-up pass.
for (const event of events) set.match(event.fields, event.source);
let processed = 0;
const t0 = cpuMs();
while (cpuMs() - t0 < seconds * 1000) {
  for (const event of events) set.match(event.fields, event.source);
  processed += events.length;
}
const elapsed = (cpuMs() - t0) / 1000;
console.log(`  events where the index and the full loop disagree: ${disagreements}`);
console.log(
  `  throughput: ${(processed / elapsed).toFixed(0)} events/s on one core (${processed} events in ${elapsed.toFixed(1)} s of CPU; target >= 20,000)`,
);
