// Conversion benchmark: every rule of the corpus (../shared/sigma-corpus or SIGMA_CORPUS_DIR) converted
// to each target, alone and with the pipelines a team would use, as `huntforge sigma convert` and
// POST /api/sigma/convert do it (one rule file at a time). Prints, per target: wall and CPU time (the
// machine may be shared), rules per CPU second,
// rules converted, rules the target cannot express (a clear per-rule error, by kind) and crashes
// (an exception that is not a conversion error: there should be none).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { convertRuleText, TARGET_IDS, type PipelineSpec } from '@huntforge/sigma';

const shared = join(__dirname, '..', '..', '..', 'shared');
const corpusDir = resolve(process.env.SIGMA_CORPUS_DIR ?? join(shared, 'sigma-corpus'));
if (!existsSync(corpusDir)) {
  console.log(`sigma-convert-corpus: skipped, no corpus at ${corpusDir}`);
  process.exit(0);
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out;
}

const files = walk(corpusDir).sort();
const texts = files.map((file) => readFileSync(file, 'utf8'));

/** Every target alone (the test target is pySigma's generic text backend, not a SIEM), and with the pipelines of its backend. */
const runs: Array<{ target: string; pipelines: string[] }> = [
  ...TARGET_IDS.map((target) => ({ target, pipelines: [] as string[] })),
  { target: 'splunk', pipelines: ['splunk_windows'] },
  { target: 'splunk', pipelines: ['splunk_cim'] },
  { target: 'lucene', pipelines: ['ecs_windows'] },
  { target: 'esql', pipelines: ['ecs_windows'] },
  { target: 'kusto', pipelines: ['microsoft_xdr'] },
  { target: 'kusto', pipelines: ['sentinel_asim'] },
  { target: 'kusto', pipelines: ['azure_monitor'] },
];

console.log(`sigma-convert-corpus: ${texts.length} rule files from ${corpusDir}`);
let totalCrashes = 0;
for (const run of runs) {
  const pipelines: PipelineSpec[] = run.pipelines.map((name) => ({ name }));
  const errorKinds = new Map<string, number>();
  let converted = 0;
  let queries = 0;
  let unclear = 0;
  const crashes: string[] = [];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  texts.forEach((text, index) => {
    try {
      const outcome = convertRuleText(text, { target: run.target, pipelines });
      if (outcome.ok) {
        converted++;
        queries += outcome.queries.length;
      } else {
        errorKinds.set(outcome.kind, (errorKinds.get(outcome.kind) ?? 0) + 1);
        if (outcome.message.trim().length < 10) unclear++;
      }
    } catch (error) {
      crashes.push(`${files[index]}: ${(error as Error).stack?.split('\n').slice(0, 2).join(' ') ?? String(error)}`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const errors = [...errorKinds.values()].reduce((sum, count) => sum + count, 0);
  const kinds = [...errorKinds]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const name = [run.target, ...run.pipelines].join('+');
  console.log(
    `  ${name.padEnd(22)} ${seconds.toFixed(2).padStart(6)} s wall  ${cpuSeconds.toFixed(2).padStart(6)} s cpu  ${Math.round(
      texts.length / cpuSeconds,
    )
      .toString()
      .padStart(5)} rules/cpu-s  ` +
      `converted ${converted} (${queries} queries)  errors ${errors}${kinds ? ` [${kinds}]` : ''}  unclear messages ${unclear}  crashes ${crashes.length}`,
  );
  for (const crash of crashes.slice(0, 3)) console.log(`    crash: ${crash}`);
  totalCrashes += crashes.length;
}
console.log(`sigma-convert-corpus: ${runs.length} targets, ${totalCrashes} crashes`);
