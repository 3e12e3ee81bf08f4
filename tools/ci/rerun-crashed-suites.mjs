#!/usr/bin/env node
// Re-runs, once, the spec files whose jest worker process was killed by a signal before they could report
// (V8 aborts with SIGTRAP, "Check failed: jit_page.has_value()", when PGlite's WebAssembly code is created and
// freed under load: nodejs/node#64500). Such a file has no failed assertion: it never ran. A file with a failed
// test is never re-run, and the summary says which files were re-run and why, so a crash cannot hide a failure.
//
//   node tools/ci/rerun-crashed-suites.mjs <jest results.json>
// Exit 0 when, after the re-run, no test failed and no file is left unrun; 1 otherwise. Writes the merged
// counts back into the results file for the summary line.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const resultsPath = process.argv[2];
if (!resultsPath) {
  console.error('usage: rerun-crashed-suites.mjs <jest results.json>');
  process.exit(2);
}

const WORKER_KILLED = /jest worker process \(pid=\d+\) was terminated by another process: signal=SIG[A-Z]+/;
const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
const failedFiles = results.testResults.filter((file) => file.status === 'failed');
const crashed = failedFiles.filter(
  (file) => WORKER_KILLED.test(file.message ?? '') && file.assertionResults.every((test) => test.status !== 'failed'),
);

if (crashed.length === 0 || crashed.length !== failedFiles.length) {
  // Nothing crashed, or real failures are there as well: the run stands as it is.
  process.exit(results.success ? 0 : 1);
}

console.log(`re-running ${crashed.length} spec file(s) whose worker was killed by a signal before reporting:`);
for (const file of crashed) console.log(`  ${file.name}: ${WORKER_KILLED.exec(file.message)?.[0]}`);

const rerunPath = join(tmpdir(), `jest-rerun-${process.pid}.json`);
const run = spawnSync('npx', ['jest', '--maxWorkers=1', '--json', `--outputFile=${rerunPath}`, ...crashed.map((file) => file.name)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
});
let rerun;
try {
  rerun = JSON.parse(readFileSync(rerunPath, 'utf8'));
} catch {
  console.error(`the re-run wrote no results (exit ${run.status ?? run.signal})`);
  process.exit(1);
}

const byName = new Map(rerun.testResults.map((file) => [file.name, file]));
results.testResults = results.testResults.map((file) => byName.get(file.name) ?? file);
for (const key of ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests', 'numTotalTests']) {
  results[key] += rerun[key];
}
results.numFailedTestSuites = results.testResults.filter((file) => file.status === 'failed').length;
results.numPassedTestSuites = results.testResults.filter((file) => file.status === 'passed').length;
results.success = rerun.success && results.numFailedTestSuites === 0;
writeFileSync(resultsPath, JSON.stringify(results));
console.log(`re-run: ${rerun.numPassedTests} passed, ${rerun.numFailedTests} failed; the run ${results.success ? 'passes' : 'fails'}`);
process.exit(results.success ? 0 : 1);
