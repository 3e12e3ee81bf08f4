// Builds the web application (apps/web) into dist/web with Vite. Runs from `npm install` (postinstall)
// and from `huntforge start`; it skips the build when the sources have not changed since the last one
// (a stamp of their paths, sizes and modification times), so a start costs a few milliseconds.
// `--force` always builds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'dist', 'web');
const stampFile = join(outDir, '.build-stamp');
const inputs = ['apps/web', 'libs/contracts/src', 'libs/api-client/src', 'package-lock.json'];
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');

function* files(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    yield [path, stat];
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    yield* files(join(path, entry.name));
  }
}

function sourceStamp() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    for (const [file, stat] of files(path)) hash.update(`${relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const stamp = sourceStamp();
const fresh = existsSync(join(outDir, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
if (fresh && !force) {
  if (!quiet) console.log('web: dist/web is up to date');
  process.exit(0);
}
if (!existsSync(join(root, 'node_modules', 'vite'))) {
  console.error('web: vite is not installed; run `npm install` to build the web application');
  process.exit(1);
}
const started = Date.now();
// Vite keeps an inherited NODE_ENV (jest sets `test`), which bundles React's development build: the
// build is always the production one, whoever runs it.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
await build({ configFile: join(root, 'apps', 'web', 'vite.config.mts'), logLevel: quiet ? 'error' : 'warn', mode: 'production' });
// Brotli and gzip twins of every text asset, so the gateway sends them compressed without compressing per
// request (libs/services/gateway/src/web/precompressed-assets.ts). Small files are not worth it.
let raw = 0;
let brotli = 0;
for (const [file, stat] of files(join(outDir, 'assets'))) {
  if (!/\.(js|mjs|css|svg|json|html)$/.test(file) || stat.size < 1024) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  brotli += br.length;
}
writeFileSync(stampFile, stamp);
if (!quiet && raw > 0)
  console.log(
    `web: assets ${(raw / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB with brotli (${(100 - (brotli / raw) * 100).toFixed(0)} % smaller)`,
  );
if (!quiet) console.log(`web: built dist/web in ${((Date.now() - started) / 1000).toFixed(1)} s`);
