/**
 * Retention at scale: deleting one article that many rows hang off, and cleanup_old_data expiring about a tenth
 * of the articles, each timed while a second client keeps asking for /health/live and the article list, so
 * a long lock or a blocked event loop shows up as a slow answer there.
 */
import { timed } from './meanwhile';
import { api, type RunningService } from './service';
import { cloneInto, type SqlRunner } from './seed';

/** Days of retention for the cleanup run: the seed spreads collection dates over 365 days, so about 35 expire. */
export const RETENTION_DAYS = 330;

export interface HeavyArticle {
  id: number;
  children: Record<string, number>;
}

const HEAVY = { chunkAnalyses: 2_000, annotations: 500, chunkFeedback: 500, executions: 200, nearDuplicates: 100 };

/** Hangs on one recent article (kept by retention) what years of work on a popular report would leave. */
export async function prepareHeavyArticle(db: SqlRunner): Promise<HeavyArticle> {
  const [row] = await db.query<{ id: number }>(
    `SELECT a.id FROM articles a WHERE a.collected_at > now() - interval '30 days'
       AND NOT EXISTS (SELECT 1 FROM workflow_executions e WHERE e.article_id = a.id) ORDER BY a.id DESC LIMIT 1`,
  );
  const [execution] = await db.query<{ id: number }>(`SELECT id FROM workflow_executions WHERE status = 'completed' ORDER BY id LIMIT 1`);
  if (!row || !execution) throw new Error('the seeded database has no article or completed execution to build on');
  const id = Number(row.id);
  await db.exec(`
    INSERT INTO chunk_analyses (article_id, chunk_id, chunk_start, chunk_end, model_version, label, confidence, kept)
    SELECT ${id}, g, g * 1000, g * 1000 + 999, 1 + g / 500, 'Huntable', 0.8, true FROM generate_series(1, ${HEAVY.chunkAnalyses}) g;
    INSERT INTO article_annotations (article_id, annotation_type, selected_text, start_position, end_position)
    SELECT ${id}, 'huntable', repeat('x', 1000), g, g + 1000 FROM generate_series(1, ${HEAVY.annotations}) g;
    INSERT INTO chunk_classification_feedback (article_id, chunk_id, chunk_text, model_classification, model_confidence, is_correct)
    SELECT ${id}, g, repeat('y', 1000), 'Huntable', 0.7, g % 2 = 0 FROM generate_series(1, ${HEAVY.chunkFeedback}) g;
    UPDATE articles SET duplicate_of_id = ${id}
      WHERE id IN (SELECT id FROM articles WHERE id <> ${id} AND duplicate_of_id IS NULL ORDER BY id DESC LIMIT ${HEAVY.nearDuplicates});
    DROP TABLE IF EXISTS bench_heavy_first;
    CREATE TABLE bench_heavy_first AS SELECT coalesce(max(id), 0) + 1 AS id FROM workflow_executions;`);
  await cloneInto(
    db,
    'workflow_executions',
    { article_id: String(id), retry_of_id: 'NULL', worker_id: 'NULL' },
    `FROM generate_series(1, ${HEAVY.executions}) g, workflow_executions base WHERE base.id = ${execution.id}`,
  );
  await cloneInto(
    db,
    'execution_stages',
    { execution_id: 'e.id' },
    `FROM workflow_executions e, bench_heavy_first f, execution_stages base WHERE e.id >= f.id AND e.article_id = ${id} AND base.execution_id = ${execution.id}`,
  );
  const queueBase = await db.query<{ id: number }>('SELECT id FROM sigma_queue_items ORDER BY id LIMIT 1');
  if (queueBase[0]) {
    await cloneInto(
      db,
      'sigma_queue_items',
      { article_id: String(id), workflow_execution_id: 'e.id', conversation_id: 'NULL' },
      `FROM workflow_executions e, bench_heavy_first f, sigma_queue_items base WHERE e.id >= f.id AND e.article_id = ${id} AND base.id = ${queueBase[0].id}`,
    );
  }
  await db.exec('DROP TABLE bench_heavy_first; ANALYZE');
  const [counts] = await db.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM chunk_analyses WHERE article_id = $1) AS chunk_analyses,
            (SELECT count(*) FROM article_annotations WHERE article_id = $1) AS annotations,
            (SELECT count(*) FROM chunk_classification_feedback WHERE article_id = $1) AS chunk_feedback,
            (SELECT count(*) FROM workflow_executions WHERE article_id = $1) AS executions,
            (SELECT count(*) FROM execution_stages s JOIN workflow_executions e ON e.id = s.execution_id WHERE e.article_id = $1) AS stages,
            (SELECT count(*) FROM sigma_queue_items WHERE article_id = $1) AS queue_items,
            (SELECT count(*) FROM articles WHERE duplicate_of_id = $1) AS near_duplicates`,
    [id],
  );
  return { id, children: Object.fromEntries(Object.entries(counts ?? {}).map(([key, value]) => [key, Number(value)])) };
}

/** Runs both deletions against a service started with ARTICLE_RETENTION_DAYS = RETENTION_DAYS; returns lines to print. */
export async function measureRetention(service: RunningService, heavy: HeavyArticle): Promise<string[]> {
  const removal = await timed(service, async () => {
    const res = await api(service.url, `/api/articles/${heavy.id}`, { method: 'DELETE' });
    if (res.status !== 200) throw new Error(`delete article ${heavy.id}: ${res.status} ${await res.text()}`);
    return res.json();
  });
  const children = Object.entries(heavy.children)
    .map(([key, value]) => `${value} ${key.replace(/_/g, ' ')}`)
    .join(', ');
  const cleanup = await timed(service, async () => {
    const res = await api(service.url, '/api/scheduled-jobs/cleanup_old_data/run', { method: 'POST' });
    const body = (await res.json()) as { outcome?: string; detail?: { articles_deleted?: number } | null };
    if (res.status !== 200 || body.outcome !== 'succeeded') throw new Error(`cleanup_old_data: ${res.status} ${JSON.stringify(body)}`);
    return body.detail?.articles_deleted ?? 0;
  });
  return [
    `delete one article with ${children}: ${removal.ms.toFixed(0)} ms; ${removal.meanwhile}`,
    `cleanup_old_data (retention ${RETENTION_DAYS} days) deleted ${cleanup.value} articles in ${(cleanup.ms / 1000).toFixed(1)} s; ${cleanup.meanwhile}`,
  ];
}
