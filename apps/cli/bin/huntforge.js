#!/usr/bin/env node
'use strict';
// Runs the bundled CLI. In a source checkout it rebuilds the bundle first (esbuild, well under a second)
// so `npx huntforge` never runs stale code; an installed build without sources just runs the bundle.
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { execFileSync } = require('node:child_process');

const root = resolve(__dirname, '..', '..', '..');
const bundle = join(root, 'dist', 'apps', 'cli', 'main.js');
const builder = join(root, 'tools', 'build.mjs');

if (existsSync(builder) && existsSync(join(root, 'node_modules', 'esbuild'))) {
  execFileSync(process.execPath, [builder, '--quiet', 'cli'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
// `start` serves the web pages: build them when their sources changed since the last build (npm install
// builds them once; this keeps a source checkout's pages current, and costs milliseconds when fresh).
const webBuilder = join(root, 'tools', 'web', 'build.mjs');
if (process.argv[2] === 'start' && existsSync(webBuilder) && existsSync(join(root, 'node_modules', 'vite'))) {
  execFileSync(process.execPath, [webBuilder, '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
if (!existsSync(bundle)) {
  process.stderr.write(`huntforge: ${bundle} is missing; run \`npm run build\` first\n`);
  process.exit(1);
}
require(bundle);
