import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

export interface RunningService {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `huntforge start` and resolves once it is ready; stop() sends SIGTERM and waits for the exit. */
export async function startService(cli: string, env: Record<string, string>): Promise<RunningService> {
  const child = spawn(process.execPath, [cli, 'start'], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((ok, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const bound = /ready at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
      if (bound) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        ok(bound);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`huntforge start exited with ${code}:\n${output.slice(-2000)}`)));
  });
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${url}/health/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

export function api(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
}

/** The eval fixture articles as HTML pages at /a/<n>, the way a feed's site would serve them. */
export function servePages(root: string): Promise<{ server: Server; url: string; count: number }> {
  const dir = join(root, 'fixtures', 'eval');
  const pages = readdirSync(dir)
    .filter((file) => /^\d+-.*\.md$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
  const server = createServer((req, res) => {
    const index = Number(/\/a\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
    const markdown = pages[index % pages.length] ?? '';
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? `Article ${index}`;
    const body = markdown
      .split(/\n```/)
      .map((part, i) => (i % 2 === 1 ? `<pre><code>${escapeHtml(part.replace(/^[a-z]*\n/, ''))}</code></pre>` : proseHtml(part)))
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<html><head><title>${escapeHtml(title)}</title></head><body><article><h1>${escapeHtml(title)}</h1>${body}</article></body></html>`,
    );
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, count: pages.length }),
    ),
  );
}

/** Markdown prose as a site would serve it: headings, list items and paragraphs as their own elements. */
function proseHtml(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.trim().split('\n');
      const heading = /^(#{1,6})\s+(.+)$/.exec(lines[0] ?? '');
      if (heading && lines.length === 1) {
        const level = Math.min(6, (heading[1] ?? '#').length + 1);
        return `<h${level}>${escapeHtml(heading[2] ?? '')}</h${level}>`;
      }
      if (/^\s*[-*]\s+/.test(lines[0] ?? '')) {
        // A bullet starts an item; a wrapped line continues the one before.
        const items = lines.reduce<string[]>(
          (list, line) =>
            /^\s*[-*]\s+/.test(line)
              ? [...list, line.replace(/^\s*[-*]\s+/, '')]
              : [...list.slice(0, -1), `${list.at(-1) ?? ''} ${line.trim()}`],
          [],
        );
        return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
      }
      return block.trim() ? `<p>${escapeHtml(block.trim())}</p>` : '';
    })
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Resident set size of a process in MB (Linux /proc); 0 elsewhere. */
export function rssMegabytes(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(path) : statSync(path).size;
  }
  return total;
}
