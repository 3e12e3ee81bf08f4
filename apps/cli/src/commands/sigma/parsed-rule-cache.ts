import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

type Documents = Array<Record<string, unknown>>;

const VERSION = 2;
/** Cache files kept (one per set of rule paths); the least recently written go first. */
const KEEP_FILES = 8;

/**
 * Where parsed rules are cached: HUNTFORGE_CACHE_DIR (`off` or empty: no cache), else
 * $XDG_CACHE_HOME/huntforge, else ~/.cache/huntforge.
 */
export function ruleCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env['HUNTFORGE_CACHE_DIR'];
  if (configured !== undefined) return configured === '' || configured === 'off' ? null : configured;
  return join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'huntforge');
}

/**
 * The YAML of a large rule folder takes longer to parse than the rules take to compile: the
 * documents of each rule text are kept as JSON, keyed by a hash of the text, one cache file per set
 * of rule paths. A text read again gets its documents from the cache; a changed text is parsed
 * again (its hash differs). Entries are kept as JSON text, so what callers do with the documents
 * they get never reaches the cache. Only documents JSON keeps exactly are cached, and a cache that
 * cannot be read or written is ignored: the cache never changes what the rules are.
 */
export class ParsedRuleCache {
  private readonly stored: Record<string, string>;
  /** The entries this run asked for, by text hash, as JSON. */
  private readonly used = new Map<string, string>();
  private changed = false;

  private constructor(
    private readonly file: string | null,
    stored: Record<string, string>,
  ) {
    this.stored = stored;
  }

  /** The cache of this set of rule paths (files or folders, as given) under `dir` (null: nothing is cached). */
  static open(dir: string | null, paths: readonly string[]): ParsedRuleCache {
    if (!dir) return new ParsedRuleCache(null, {});
    const file = join(dir, 'sigma-rules', `${hash(paths.join('\n'))}.json`);
    let stored: Record<string, string> = {};
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; entries?: unknown };
      if (parsed.version === VERSION && typeof parsed.entries === 'object' && parsed.entries !== null)
        stored = parsed.entries as Record<string, string>;
    } catch {
      // No cache yet, or one that does not read: parsed afresh.
    }
    return new ParsedRuleCache(file, stored);
  }

  /** The documents of a rule text: from the cache, else from `parse` (whose errors pass through, uncached). */
  documents(text: string, parse: (text: string) => Documents): Documents {
    if (!this.file) return parse(text);
    const key = hash(text);
    const cached = this.stored[key];
    if (typeof cached === 'string') {
      try {
        const docs = JSON.parse(cached) as unknown;
        if (Array.isArray(docs) && docs.every((doc) => typeof doc === 'object' && doc !== null && !Array.isArray(doc))) {
          this.used.set(key, cached);
          return docs as Documents;
        }
      } catch {
        // A damaged entry: parsed afresh below.
      }
    }
    const docs = parse(text);
    if (docs.every(keptByJson)) {
      this.used.set(key, JSON.stringify(docs));
      this.changed = true;
    }
    return docs;
  }

  /** Writes the documents this run used, when they differ from what was read. */
  save(): void {
    if (!this.file || (!this.changed && this.used.size === Object.keys(this.stored).length)) return;
    try {
      const dir = join(this.file, '..');
      mkdirSync(dir, { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ version: VERSION, entries: Object.fromEntries(this.used) }));
      // Renamed into place: a concurrent reader sees the old file or the new one, never half of one.
      renameSync(temporary, this.file);
      prune(dir);
    } catch {
      // A cache that cannot be written only costs the next run its parse.
    }
  }
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Whether JSON gives the value back as it is (no NaN, infinities or -0; no `__proto__` key). */
function keptByJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(keptByJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.keys(value).every((key) => key !== '__proto__') && Object.values(value).every(keptByJson);
}

function prune(dir: string): void {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ path: join(dir, name), written: statSync(join(dir, name)).mtimeMs }))
    .sort((left, right) => right.written - left.written);
  for (const { path } of files.slice(KEEP_FILES)) unlinkSync(path);
}
