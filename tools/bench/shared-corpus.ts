// The shared development corpus (../shared/cti-articles: real public articles with hand-labelled truth) and
// its fixed split BY PUBLISHER into a tune half and a check half. Heuristics are changed looking at the tune
// half only; a change is judged on the check half, whose publishers the analysis was never tuned on. Every
// bench that scores the shared corpus (extraction-quality, rule-quality) reads the halves from here so
// their figures are comparable. The texts stay outside the repository: when the folder is absent the
// loader says why and the benches skip it. The project's own fixtures/eval articles are read here too, the same
// way for every bench that scores them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';

export type CorpusHalf = 'tune' | 'check';

/**
 * Publisher (as the index files name it, lower case, parenthesised remarks dropped) -> half. The tune half
 * holds the publishers the code was already written against (Unit 42, the independent Linux incident) plus
 * write-ups of every kind (Windows intrusions with long command sets, cloud, containers, macOS, non-huntable
 * pieces); the check half holds publishers never looked at while tuning, with a comparable mix. The split
 * is fixed: a publisher never moves, and articles a later corpus adds from an unknown publisher are check
 * articles (unseen by definition).
 */
export const PUBLISHER_HALVES: Readonly<Record<string, CorpusHalf>> = {
  'palo alto networks unit 42': 'tune',
  huntress: 'tune',
  'datadog security labs': 'tune',
  'sysdig threat research team': 'tune',
  'pepe berba': 'tune',
  'aung pyae': 'tune',
  'recorded future insikt group': 'tune',
  'cso online': 'tune',
  'dla piper': 'tune',
  'elastic security labs': 'check',
  'the dfir report': 'check',
  'invictus incident response': 'check',
  'eset research': 'check',
  'check point research': 'check',
  cisa: 'check',
  onmsft: 'check',
  'dark reading': 'check',
};

export interface SharedTruth extends Record<string, unknown> {
  platform?: string | null;
  huntable?: boolean;
}

export interface SharedArticle {
  id: string;
  title: string;
  publisher: string;
  half: CorpusHalf;
  /** The article's original URL (what the service would have stored as its url). */
  url: string;
  /** The whole file, header block included. */
  markdown: string;
  /** The publisher's text without the header block (what the service would have fetched). */
  text: string;
  truth: SharedTruth;
}

export type SharedCorpus = { articles: SharedArticle[]; unknownPublishers: string[] } | { skipped: string };

/** ../shared/cti-articles seen from the repository root. */
export const SHARED_CORPUS_DIR = resolve(__dirname, '..', '..', '..', 'shared', 'cti-articles');

export function publisherKey(publisher: string): string {
  return publisher
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function halfOf(publisher: string): CorpusHalf {
  return PUBLISHER_HALVES[publisherKey(publisher)] ?? 'check';
}

interface IndexEntry {
  id: string | number;
  article: string;
  truth: string;
  title?: string;
  publisher?: string;
  original_url?: string;
}

/** Every article listed by the corpus's index*.yaml files, with its half; or why there is none. */
export function loadSharedCorpus(dir: string = SHARED_CORPUS_DIR): SharedCorpus {
  if (!existsSync(dir)) return { skipped: `${dir} is absent (the shared corpus lives outside the repository)` };
  const indexes = readdirSync(dir)
    .filter((file) => /^index.*\.ya?ml$/.test(file))
    .sort();
  if (indexes.length === 0) return { skipped: `${dir} has no index*.yaml` };
  const unknown = new Set<string>();
  const articles = indexes
    .flatMap((file) => (load(readFileSync(join(dir, file), 'utf8')) as { articles?: IndexEntry[] }).articles ?? [])
    .map((entry): SharedArticle => {
      const markdown = readFileSync(join(dir, entry.article), 'utf8');
      const publisher = entry.publisher ?? headerField(markdown, 'publisher') ?? 'unknown';
      if (!(publisherKey(publisher) in PUBLISHER_HALVES)) unknown.add(publisher);
      return {
        id: String(entry.id).padStart(2, '0'),
        title: entry.title ?? headerField(markdown, 'title') ?? String(entry.id),
        publisher,
        half: halfOf(publisher),
        url: entry.original_url ?? headerField(markdown, 'original_url') ?? `https://example.test/${entry.id}`,
        markdown,
        text: bodyOf(markdown),
        truth: load(readFileSync(join(dir, entry.truth), 'utf8')) as SharedTruth,
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  return { articles, unknownPublishers: [...unknown] };
}

/** The articles of one half (in id order). */
export function sharedHalf(corpus: Extract<SharedCorpus, { articles: unknown }>, half: CorpusHalf): SharedArticle[] {
  return corpus.articles.filter((article) => article.half === half);
}

/** The text without the `---` header block that opens each corpus file. */
export function bodyOf(markdown: string): string {
  return markdown.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/** An article of fixtures/eval: <id>.md with its truth beside it in <id>.expected.yaml. */
export interface FixtureArticle {
  id: string;
  title: string;
  /** The text without the header block. */
  text: string;
  url?: string;
  truth: SharedTruth;
}

/** fixtures/eval seen from the repository root. */
export const FIXTURES_DIR = resolve(__dirname, '..', '..', 'fixtures', 'eval');

/** The fixtures/eval articles whose id `include` accepts (all by default), in id order. */
export function loadFixtureArticles(include: (id: string) => boolean = () => true, dir: string = FIXTURES_DIR): FixtureArticle[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .map((file) => file.replace(/\.md$/, ''))
    .filter(include)
    .map((id) => {
      const truth = load(readFileSync(join(dir, `${id}.expected.yaml`), 'utf8')) as SharedTruth;
      const markdown = readFileSync(join(dir, `${id}.md`), 'utf8');
      return { id, title: titleOf(markdown, id), text: bodyOf(markdown), url: truth['article_url'] as string | undefined, truth };
    });
}

/** A fixture's title: its header's title, else its first heading, else `fallback`. */
function titleOf(markdown: string, fallback: string): string {
  return /^title:\s*"?(.+?)"?\s*$/m.exec(markdown)?.[1] ?? /^#\s+(.+)$/m.exec(markdown)?.[1] ?? fallback;
}

function headerField(markdown: string, field: string): string | undefined {
  const header = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1] ?? '';
  return new RegExp(`^${field}:\\s*"?(.+?)"?\\s*$`, 'm').exec(header)?.[1];
}
