// Bundles each app's src/main.ts into dist/apps/<app>/main.js (CommonJS, for the Node line .nvmrc declares). Workspace libs are
// bundled through the tsconfig path aliases; npm packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const allApps = readdirSync(join(root, 'apps')).filter((name) => existsSync(join(root, 'apps', name, 'src', 'main.ts')));
const quiet = process.argv.includes('--quiet');
const requested = process.argv.slice(2).filter((arg) => arg !== '--quiet');
const unknown = requested.filter((name) => !allApps.includes(name));
if (unknown.length > 0) {
  console.error(`build: unknown app(s): ${unknown.join(', ')} (known: ${allApps.join(', ')})`);
  process.exit(1);
}

const apps = requested.length > 0 ? requested : allApps;
const started = Date.now();
await Promise.all(
  apps.map((app) =>
    build({
      absWorkingDir: root,
      entryPoints: [join(root, 'apps', app, 'src', 'main.ts')],
      outfile: join(root, 'dist', 'apps', app, 'main.js'),
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      packages: 'external',
      sourcemap: true,
      tsconfig: join(root, 'tsconfig.base.json'),
      logLevel: 'warning',
    }),
  ),
);
if (!quiet) console.log(`build: ${apps.join(', ')} → dist/apps in ${Date.now() - started} ms`);
