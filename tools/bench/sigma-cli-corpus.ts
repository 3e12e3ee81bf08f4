// CLI benchmark: `huntforge sigma test` with the whole rule corpus (../shared/sigma-corpus or
// SIGMA_CORPUS_DIR) over 50,000 raw Windows events (evtx_dump JSON Lines made by repeating the raw
// samples of ../shared/external-suites/sigma-regression, or synthetic Sysmon events when absent),
// compile included, as one process, first with an empty cache of parsed rules and then with the one
// the first run left. Prints wall time and the process's CPU time (the machine may be shared); the
// target is <= 8 s of wall time.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const shared = join(root, '..', 'shared');
const corpus = resolve(process.env.SIGMA_CORPUS_DIR ?? join(shared, 'sigma-corpus'));
const samplesDir = join(shared, 'external-suites', 'sigma-regression', 'events');
const count = Number(process.env.BENCH_EVENTS ?? 50_000);
if (!existsSync(corpus)) {
  console.log(`sigma-cli-corpus: skipped, no corpus at ${corpus}`);
  process.exit(0);
}

type Sample = { Event?: { System?: Record<string, unknown>; EventData?: Record<string, unknown> } };
const samples: Sample[] = existsSync(samplesDir)
  ? readdirSync(samplesDir)
      .filter((name) => name.endsWith('.jsonl'))
      .flatMap((name) =>
        readFileSync(join(samplesDir, name), 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as Sample),
      )
  : [
      {
        Event: {
          System: { EventID: 1, Channel: 'Microsoft-Windows-Sysmon/Operational', Computer: 'ws1' },
          EventData: { Image: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' },
        },
      },
    ];
const dir = mkdtempSync(join(tmpdir(), 'hf-cli-bench-'));
const events = join(dir, 'events.jsonl');
const lines: string[] = [];
for (let index = 0; index < count; index++) {
  const sample = samples[index % samples.length] as Sample;
  if (sample.Event?.System) sample.Event.System['EventRecordID'] = index;
  lines.push(JSON.stringify(sample));
}
writeFileSync(events, `${lines.join('\n')}\n`);

execFileSync(process.execPath, [join(root, 'tools', 'build.mjs'), '--quiet', 'cli'], { stdio: 'inherit' });
// Twice: with an empty cache of parsed rules (as on a first run), then with the cache the first run left.
const cache = join(dir, 'cache');
const runs = ['cold', 'warm'].map((label) => {
  const started = process.hrtime.bigint();
  const run = spawnSync(
    'bash',
    [
      '-c',
      `TIMEFORMAT='%U %S'; time node ${join(root, 'dist', 'apps', 'cli', 'main.js')} sigma test ${corpus} --events ${events} --format json > ${join(dir, 'out.json')}`,
    ],
    { encoding: 'utf8', env: { ...process.env, HUNTFORGE_CACHE_DIR: cache } },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const [user, system] = (run.stderr.trim().split('\n').pop() ?? '0 0').split(' ').map(Number);
  return { label, wall, cpu: (user ?? 0) + (system ?? 0) };
});
const out = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as {
  results: Array<{ matches: number[] }>;
  inputs: Array<{ events: number }>;
};
const matches = out.results.reduce((sum, result) => sum + result.matches.length, 0);
console.log(`sigma-cli-corpus: ${out.results.length} rule files over ${out.inputs[0]?.events} raw events: ${matches} matches`);
for (const { label, wall, cpu } of runs)
  console.log(`  ${label} rule cache: wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s (target: wall <= 8 s)`);
rmSync(dir, { recursive: true, force: true });
