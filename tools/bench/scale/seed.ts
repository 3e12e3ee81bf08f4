/**
 * Multiplies the rows a real warm-up run wrote into a year's worth, in SQL so it takes seconds, not hours.
 * Every copied column is copied as is unless an override varies it; the column lists are read from the
 * database, so the seed follows the schema without being edited.
 */
export interface SqlRunner {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface SeedOptions {
  articles: number;
  executions: number;
  queueItems: number;
  log(line: string): void;
}

export interface SeedCounts {
  articles: number;
  executions: number;
  queueItems: number;
  referenceRules: number;
  sampleArticleIds: number[];
  sampleExecutionIds: number[];
  sampleQueueIds: number[];
  sampleSourceIds: number[];
  rareWord: string;
}

const SOURCES = 35;
const BATCH = 5_000;

async function columnsOf(db: SqlRunner, table: string): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/** INSERT INTO table (cols) SELECT <override or base.col> ... — the id and generated columns left to the database. */
export async function cloneInto(db: SqlRunner, table: string, overrides: Record<string, string>, from: string): Promise<void> {
  const columns = (await columnsOf(db, table)).filter((column) => column !== 'id');
  const values = columns.map((column) => overrides[column] ?? `base."${column}"`);
  await db.exec(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} ${from}`);
}

async function count(db: SqlRunner, sql: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(sql);
  return Number(row?.n ?? 0);
}

async function sample(db: SqlRunner, table: string, size = 200): Promise<number[]> {
  const total = await count(db, `SELECT max(id) AS n FROM "${table}"`);
  const rows = await db.query<{ id: number }>(`SELECT id FROM "${table}" WHERE id % $1 = 0 ORDER BY id LIMIT $2`, [
    Math.max(1, Math.floor(total / size)),
    size,
  ]);
  return rows.map((row) => Number(row.id));
}

const SEED_SIMHASH = `('x' || substr(md5('simhash' || g), 1, 16))::bit(64)::bigint`;

type Step = (what: string) => void;

/** Sources, then articles copied from the warm-up's embedded ones. */
async function seedArticles(db: SqlRunner, options: SeedOptions, step: Step): Promise<void> {
  await db.exec(`
    INSERT INTO sources (identifier, name, url, kind, updated_at)
    SELECT 'bench-feed-' || g, 'Bench feed ' || g, 'https://feed' || g || '.example.test/rss', 'rss', now()
    FROM generate_series(1, ${SOURCES}) g ON CONFLICT DO NOTHING;
    DROP TABLE IF EXISTS bench_base;
    CREATE TABLE bench_base AS
      SELECT row_number() OVER (ORDER BY a.id) - 1 AS i, a.*
      FROM articles a JOIN sources s ON s.id = a.source_id
      WHERE s.identifier <> 'eval' AND a.embedding IS NOT NULL;
    DROP TABLE IF EXISTS bench_sources;
    CREATE TABLE bench_sources AS SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM sources WHERE identifier LIKE 'bench-feed-%';`);
  const bases = await count(db, 'SELECT count(*) AS n FROM bench_base');
  if (bases === 0) throw new Error('the warm-up left no embedded articles to multiply');

  // Each copy differs: a source, dates over a year, a hunt score, a campaign word shared by 0.1% of articles,
  // a unique token, and a vector with noise, so indexes, sorts and searches see realistic spreads.
  for (let from = 1; from <= options.articles; from += BATCH) {
    const to = Math.min(options.articles, from + BATCH - 1);
    await cloneInto(
      db,
      'articles',
      {
        source_id: `(SELECT id FROM bench_sources WHERE i = g % ${SOURCES})`,
        canonical_url: `'https://bench.example.test/' || g || '/' || base.canonical_url`,
        url: `'https://bench.example.test/' || g || '/' || base.url`,
        title: `base.title || ' (' || g || ')'`,
        content: `'Campaign bench' || (g % 1000) || ' report ' || md5(g::text) || E'.\\n\\n' || base.content`,
        content_hash: `md5(g::text) || md5(base.content_hash || g)`,
        // A 64-bit hash per copy, and its bands as the ingest path cuts them (four 16-bit slices, each tagged with
        // its position), so band values spread as real SimHashes do rather than thousands sharing one.
        simhash: SEED_SIMHASH,
        simhash_bands: `ARRAY[(${SEED_SIMHASH} & 65535)::int, (65536 | ((${SEED_SIMHASH} >> 16) & 65535))::int, (131072 | ((${SEED_SIMHASH} >> 32) & 65535))::int, (196608 | ((${SEED_SIMHASH} >> 48) & 65535))::int]`,
        duplicate_of_id: 'NULL',
        hunt_score: `least(100, greatest(0, base.hunt_score + ((g * 37) % 41) - 20))`,
        published_at: `now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval`,
        collected_at: `now() - ((g % 365) || ' days')::interval`,
        embedding: `(SELECT array_agg(x + ((random() - 0.5) * 0.05)::real) FROM unnest(base.embedding::real[]) x)::vector`,
        created_at: 'now()',
        updated_at: 'now()',
      },
      `FROM generate_series(${from}, ${to}) g JOIN bench_base base ON base.i = g % ${bases}`,
    );
    if (to % 20_000 === 0 || to === options.articles) step(`articles ${to}`);
  }
}

/** Executions copied from the warm-up's completed runs, with their stages; returns the article count they drew from. */
async function seedExecutions(db: SqlRunner, options: SeedOptions, step: Step): Promise<number> {
  await db.exec(`
    DROP TABLE IF EXISTS bench_ids;
    CREATE TABLE bench_ids AS SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM articles;
    CREATE UNIQUE INDEX ON bench_ids (i);
    DROP TABLE IF EXISTS bench_exec;
    CREATE TABLE bench_exec AS SELECT row_number() OVER (ORDER BY id) - 1 AS i, e.* FROM workflow_executions e WHERE status = 'completed';
    DROP TABLE IF EXISTS bench_first_execution;
    CREATE TABLE bench_first_execution AS SELECT coalesce(max(id), 0) + 1 AS id FROM workflow_executions;`);
  const articleTotal = await count(db, 'SELECT count(*) AS n FROM bench_ids');
  const execBases = await count(db, 'SELECT count(*) AS n FROM bench_exec');
  if (execBases === 0) throw new Error('the warm-up left no completed execution to multiply');
  const statusOf = `(CASE WHEN g % 25 = 0 THEN 'failed' WHEN g % 97 = 0 THEN 'cancelled' ELSE 'completed' END)::execution_status`;
  for (let from = 1; from <= options.executions; from += BATCH) {
    const to = Math.min(options.executions, from + BATCH - 1);
    await cloneInto(
      db,
      'workflow_executions',
      {
        article_id: `(SELECT id FROM bench_ids WHERE i = (g * 7919) % ${articleTotal})`,
        status: statusOf,
        retry_of_id: 'NULL',
        worker_id: 'NULL',
        created_at: `now() - ((g % 365) || ' days')::interval`,
        started_at: `now() - ((g % 365) || ' days')::interval`,
        finished_at: `now() - ((g % 365) || ' days')::interval + interval '3 seconds'`,
        updated_at: `now() - ((g % 365) || ' days')::interval`,
        error: `CASE WHEN g % 25 = 0 THEN 'bench: provider timed out' ELSE base.error END`,
      },
      `FROM generate_series(${from}, ${to}) g JOIN bench_exec base ON base.i = g % ${execBases}`,
    );
  }
  step(`executions ${options.executions}`);
  // Stages of each copy are those of the run it copies: copy n (id first + n - 1) copies base execution n % bases.
  await cloneInto(
    db,
    'execution_stages',
    { execution_id: 'e.id' },
    `FROM workflow_executions e, bench_first_execution f, bench_exec be, execution_stages base
     WHERE e.id >= f.id AND be.i = (e.id - f.id + 1) % ${execBases} AND base.execution_id = be.id`,
  );
  step('stages');
  return articleTotal;
}

/** Queue items copied from the warm-up's, spread over every status. */
async function seedQueueItems(db: SqlRunner, options: SeedOptions, step: Step, articleTotal: number): Promise<void> {
  const queueBases = await count(db, 'SELECT count(*) AS n FROM sigma_queue_items');
  if (queueBases > 0 && options.queueItems > 0) {
    await db.exec(`
      DROP TABLE IF EXISTS bench_queue;
      CREATE TABLE bench_queue AS SELECT row_number() OVER (ORDER BY id) - 1 AS i, q.* FROM sigma_queue_items q;`);
    const statuses = `(ARRAY['pending','pending','pending','needs_review','approved','rejected','submitted'])[1 + g % 7]::sigma_queue_status`;
    for (let from = 1; from <= options.queueItems; from += BATCH) {
      const to = Math.min(options.queueItems, from + BATCH - 1);
      await cloneInto(
        db,
        'sigma_queue_items',
        {
          status: statuses,
          workflow_execution_id: `(SELECT f.id + (g % ${Math.max(1, options.executions)}) FROM bench_first_execution f)`,
          article_id: `(SELECT id FROM bench_ids WHERE i = (g * 7919) % ${articleTotal})`,
          title: `base.title || ' #' || g`,
          conversation_id: 'NULL',
          created_at: `now() - ((g % 365) || ' days')::interval`,
          updated_at: `now() - ((g % 365) || ' days')::interval`,
        },
        `FROM generate_series(${from}, ${to}) g JOIN bench_queue base ON base.i = g % ${queueBases}`,
      );
    }
    step(`queue items ${options.queueItems}`);
  }
}

export async function seedScaleData(db: SqlRunner, options: SeedOptions): Promise<SeedCounts> {
  const started = performance.now();
  const step = (what: string) => options.log(`${what} (${((performance.now() - started) / 1000).toFixed(0)} s)`);

  await seedArticles(db, options, step);
  const articleTotal = await seedExecutions(db, options, step);
  await seedQueueItems(db, options, step, articleTotal);

  await db.exec(
    'DROP TABLE bench_base; DROP TABLE bench_sources; DROP TABLE bench_ids; DROP TABLE bench_exec; DROP TABLE bench_first_execution; DROP TABLE IF EXISTS bench_queue;',
  );
  // As autovacuum leaves a table that has settled: statistics, and a visibility map so counts can read indexes only.
  await db.exec('VACUUM ANALYZE');
  step('vacuumed and analyzed');
  return countsOf(db);
}

/** What the scenarios pick their rows from, read from a seeded database. */
export async function countsOf(db: SqlRunner): Promise<SeedCounts> {
  return {
    articles: await count(db, 'SELECT count(*) AS n FROM articles'),
    executions: await count(db, 'SELECT count(*) AS n FROM workflow_executions'),
    queueItems: await count(db, 'SELECT count(*) AS n FROM sigma_queue_items'),
    referenceRules: await count(db, 'SELECT count(*) AS n FROM sigma_reference_rules'),
    sampleArticleIds: await sample(db, 'articles'),
    sampleExecutionIds: await sample(db, 'workflow_executions'),
    sampleQueueIds: await sample(db, 'sigma_queue_items'),
    sampleSourceIds: (await db.query<{ id: number }>(`SELECT id FROM sources ORDER BY id`)).map((row) => Number(row.id)),
    rareWord: 'bench417',
  };
}
