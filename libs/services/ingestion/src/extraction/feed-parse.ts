import { parseFeed } from 'feedsmith';

/** One entry of a feed, whatever its format. HTML fields are untrusted markup. */
export interface FeedEntry {
  url: string;
  title: string;
  publishedAt: Date | null;
  /** Full content when the feed carries it (content:encoded, Atom content, JSON Feed content_html/text). */
  contentHtml: string | null;
  summaryHtml: string | null;
  guid: string | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'jsonfeed' | 'rdf';
  title: string | null;
  entries: FeedEntry[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

type Loose = Record<string, unknown> | undefined;

const str = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (value && typeof value === 'object' && 'value' in value) return str((value as { value: unknown }).value);
  return null;
};

function date(...values: unknown[]): Date | null {
  for (const value of values) {
    const text = str(value);
    if (!text) continue;
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return null;
}

function absolute(link: string | null, base: string): string | null {
  if (!link) return null;
  try {
    return new URL(link.trim(), base).toString();
  } catch {
    return null;
  }
}

function rssEntry(item: Record<string, unknown>, base: string): FeedEntry | null {
  const guid = item['guid'] as Loose;
  const guidValue = str(guid?.['value'] ?? guid);
  const permalink = guid?.['isPermaLink'] !== false && guidValue?.startsWith('http') ? guidValue : null;
  const url = absolute(str(item['link']) ?? permalink, base);
  if (!url) return null;
  const content = item['content'] as Loose;
  return {
    url,
    title: str(item['title']) ?? url,
    publishedAt: date(item['pubDate'], ((item['dc'] as Loose)?.['dates'] as unknown[] | undefined)?.[0], (item['dc'] as Loose)?.['date']),
    contentHtml: str(content?.['encoded']),
    summaryHtml: str(item['description']),
    guid: guidValue,
  };
}

function atomEntry(entry: Record<string, unknown>, base: string): FeedEntry | null {
  const links = (entry['links'] as Array<Record<string, unknown>> | undefined) ?? [];
  const alternate = links.find((link) => !link['rel'] || link['rel'] === 'alternate') ?? links[0];
  const url = absolute(str(alternate?.['href']), base);
  if (!url) return null;
  return {
    url,
    title: str(entry['title']) ?? url,
    publishedAt: date(entry['published'], entry['updated']),
    contentHtml: str(entry['content']),
    summaryHtml: str(entry['summary']),
    guid: str(entry['id']),
  };
}

function jsonEntry(item: Record<string, unknown>, base: string): FeedEntry | null {
  const url = absolute(str(item['url']) ?? str(item['external_url']), base);
  if (!url) return null;
  const text = str(item['content_text']);
  return {
    url,
    title: str(item['title']) ?? url,
    publishedAt: date(item['date_published'], item['date_modified']),
    // Plain text content is escaped into a <pre> so its line breaks survive extraction.
    contentHtml: str(item['content_html']) ?? (text ? `<pre>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>` : null),
    summaryHtml: str(item['summary']),
    guid: str(item['id']),
  };
}

/** RSS 2.0 / RSS 1.0 (RDF) / Atom / JSON Feed through feedsmith, normalised to FeedEntry. */
export function parseFeedDocument(text: string, feedUrl: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(text);
  } catch (error) {
    throw new FeedParseError(`not a parsable RSS, Atom or JSON feed (${error instanceof Error ? error.message : String(error)})`);
  }
  const feed = parsed.feed as unknown as Record<string, unknown>;
  const keep = (entries: Array<FeedEntry | null>): FeedEntry[] => entries.filter((entry): entry is FeedEntry => entry !== null);
  switch (parsed.format) {
    case 'rss':
    case 'rdf':
      return {
        format: parsed.format,
        title: str(feed['title']),
        entries: keep(((feed['items'] as Array<Record<string, unknown>>) ?? []).map((item) => rssEntry(item, feedUrl))),
      };
    case 'atom':
      return {
        format: 'atom',
        title: str(feed['title']),
        entries: keep(((feed['entries'] as Array<Record<string, unknown>>) ?? []).map((entry) => atomEntry(entry, feedUrl))),
      };
    case 'json':
      return {
        format: 'jsonfeed',
        title: str(feed['title']),
        entries: keep(((feed['items'] as Array<Record<string, unknown>>) ?? []).map((item) => jsonEntry(item, feedUrl))),
      };
    default:
      throw new FeedParseError('unrecognised feed format');
  }
}
