import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

const PAGES = resolve(__dirname, '..', '..', '..', '..', 'fixtures', 'ingestion', 'pages');

export interface FixtureSite {
  url: string;
  articleUrl: string;
  close(): Promise<void>;
}

/** A vendor blog on loopback: an RSS feed with one intrusion write-up (our own fixture page). */
export async function startFixtureSite(): Promise<FixtureSite> {
  const article = readFileSync(join(PAGES, 'intrusion-writeup.html'));
  let base = '';
  const server: Server = createServer((req, res) => {
    if (req.url === '/feed.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Example Threat Lab</title><link>${base}/</link><description>research</description>
<item><title>From phishing ISO to domain-wide ransomware in 52 hours</title><link>${base}/research/intrusion.html</link><guid>${base}/research/intrusion.html</guid><pubDate>Tue, 14 Oct 2025 09:30:00 GMT</pubDate></item>
</channel></rss>`);
      return;
    }
    if (req.url === '/research/intrusion.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(article);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, articleUrl: `${base}/research/intrusion.html`, close: () => new Promise((done) => server.close(() => done())) };
}
