// Runs every benchmark in tools/bench one after another; each prints its own figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const helpers = new Set(['bare-express-server.ts', 'count-consumed.ts', 'shared-corpus.ts', 'article-triage.ts', 'rule-quality.ts']);
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && !helpers.has(file) && !file.endsWith('.spec.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));
for (const file of benches) {
  console.log(`\n# ${file}`);
  execFileSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
}
