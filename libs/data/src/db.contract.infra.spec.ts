import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { migrateDb } from './migrations/migrate-db';
import { MigrationChecksumError } from './migrations/migration-errors';
import { resolveMigrationsDir } from './migrations/migrations-dir';
import { readMigrationFiles } from './migrations/migration-files';
import type { Db } from './db';
import { createArticle, createExecution, createQueueItem, type ArticleOverrides } from './test-support/entity-factories';
import { availableDbKinds, openTestDatabase, type TestDatabase } from './test-support/test-databases';

// The data layer's contract: every behaviour below must hold on PGlite and on PostgreSQL alike.
jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(availableDbKinds())('data layer contract on %s', (kind) => {
  let testDb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDb = await openTestDatabase(kind);
    db = testDb.db;
  });

  afterAll(async () => {
    await testDb?.dispose();
  });

  let seq = 0;
  const unique = (label: string) => `${label}-${kind}-${++seq}`;

  // A fixed negative 64-bit simhash and bands the near-duplicate queries below look for.
  const seedArticle = (overrides: ArticleOverrides = {}) =>
    createArticle(db.prisma, { simhash: -1234567890123456789n, simhashBands: [1, 65538, 131075, 196612], ...overrides });

  describe('migrations', () => {
    it('records every migration like prisma migrate deploy', async () => {
      const files = await readMigrationFiles(resolveMigrationsDir());
      const rows = await db.prisma.$queryRaw<
        Array<{
          id: string;
          checksum: string;
          migration_name: string;
          finished_at: Date | null;
          rolled_back_at: Date | null;
          applied_steps_count: number;
          logs: string | null;
        }>
      >`SELECT id, checksum, migration_name, finished_at, rolled_back_at, applied_steps_count, logs FROM "_prisma_migrations" ORDER BY migration_name`;
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
      const scripts = new Map(files.map((f) => [f.name, f.script]));
      for (const row of rows) {
        expect(row.checksum).toBe(
          createHash('sha256')
            .update(scripts.get(row.migration_name) ?? '')
            .digest('hex'),
        );
        expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.rolled_back_at).toBeNull();
        expect(row.applied_steps_count).toBe(1);
        expect(row.logs).toBeNull();
      }
    });

    it('does nothing when run again', async () => {
      await expect(migrateDb(db)).resolves.toEqual({ applied: [] });
      const [{ count }] = await db.prisma.$queryRaw<Array<{ count: number }>>`SELECT count(*)::int AS count FROM "_prisma_migrations"`;
      expect(count).toBe((await readMigrationFiles(resolveMigrationsDir())).length);
    });

    describe('with a copied migrations folder', () => {
      let dir: string;
      beforeEach(async () => {
        dir = await mkdtemp(join(tmpdir(), 'huntforge-migrations-'));
        await cp(resolveMigrationsDir(), dir, { recursive: true });
      });
      afterEach(() => rm(dir, { recursive: true, force: true }));

      it('applies a new migration, and only that one', async () => {
        const name = '29991231000000_contract_probe';
        await mkdir(join(dir, name));
        await writeFile(join(dir, name, 'migration.sql'), 'CREATE TABLE "contract_probe" ("id" INTEGER PRIMARY KEY);\n');
        await expect(migrateDb(db, { migrationsDir: dir })).resolves.toEqual({ applied: [name] });
        await expect(migrateDb(db, { migrationsDir: dir })).resolves.toEqual({ applied: [] });
        await expect(db.prisma.$queryRaw`SELECT * FROM contract_probe`).resolves.toEqual([]);
      });

      it('rolls back a failing migration completely and records it as rolled back', async () => {
        const name = '29991231000001_broken';
        await mkdir(join(dir, name));
        await writeFile(join(dir, name, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT no_such_function();\n');
        await expect(migrateDb(db, { migrationsDir: dir })).rejects.toThrow(/29991231000001_broken failed/);
        const tables = await db.prisma.$queryRaw<unknown[]>`SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`;
        expect(tables).toHaveLength(0);
        const [row] = await db.prisma.$queryRaw<Array<{ rolled_back_at: Date | null; logs: string | null }>>`
          SELECT rolled_back_at, logs FROM "_prisma_migrations" WHERE migration_name = ${name}`;
        expect(row?.rolled_back_at).toBeInstanceOf(Date);
        expect(row?.logs).toMatch(/no_such_function/);
      });

      it('refuses to run when an applied migration was edited', async () => {
        const [first] = await readMigrationFiles(dir);
        if (!first) throw new Error('no migrations to edit');
        const file = join(dir, first.name, 'migration.sql');
        await writeFile(file, `${await readFile(file, 'utf8')}\n-- edited after the fact\n`);
        await expect(migrateDb(db, { migrationsDir: dir })).rejects.toBeInstanceOf(MigrationChecksumError);
      });
    });
  });

  describe('job locks', () => {
    it('gives a live lease to one holder at a time and lets the holder renew it', async () => {
      const name = unique('lock');
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-a', 60_000)).resolves.toBe(true);
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-b', 60_000)).resolves.toBe(false);
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-a', 60_000)).resolves.toBe(true);
    });

    it('hands an expired lease to another holder', async () => {
      const name = unique('lock');
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-a', 50)).resolves.toBe(true);
      await sleep(120);
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-b', 60_000)).resolves.toBe(true);
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-a', 60_000)).resolves.toBe(false);
    });

    it('releases only the holder’s own lease', async () => {
      const name = unique('lock');
      await db.repos.jobLocks.tryAcquire(name, 'replica-a', 60_000);
      await db.repos.jobLocks.release(name, 'replica-b');
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-b', 60_000)).resolves.toBe(false);
      await db.repos.jobLocks.release(name, 'replica-a');
      await expect(db.repos.jobLocks.tryAcquire(name, 'replica-b', 60_000)).resolves.toBe(true);
    });

    it('lets exactly one of many simultaneous contenders win', async () => {
      const name = unique('lock');
      const holders = Array.from({ length: 8 }, (_, i) => `replica-${i}`);
      const results = await Promise.all(holders.map((holder) => db.repos.jobLocks.tryAcquire(name, holder, 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('rejects a non-positive ttl', async () => {
      await expect(db.repos.jobLocks.tryAcquire(unique('lock'), 'replica-a', 0)).rejects.toThrow(RangeError);
    });
  });

  describe('api tokens', () => {
    it('creates, finds by hash, lists, touches and revokes', async () => {
      const name = unique('token');
      const tokenHash = createHash('sha256').update(name).digest('hex');
      const created = await db.repos.apiTokens.create({ name, role: 'analyst', tokenHash, prefix: 'hf_ab12' });
      expect(created).toEqual({
        id: expect.any(Number),
        name,
        role: 'analyst',
        prefix: 'hf_ab12',
        createdAt: expect.any(Date),
        lastUsedAt: null,
        revokedAt: null,
      });
      await expect(db.repos.apiTokens.findActiveByHash(tokenHash)).resolves.toMatchObject({ id: created.id, name });
      await expect(db.repos.apiTokens.findActiveByHash('0'.repeat(64))).resolves.toBeNull();

      const usedAt = new Date('2026-11-21T10:00:00.000Z');
      await db.repos.apiTokens.touch(created.id, usedAt);
      const listed = await db.repos.apiTokens.list();
      expect(listed.find((t) => t.id === created.id)?.lastUsedAt).toEqual(usedAt);
      expect(JSON.stringify(listed)).not.toContain(tokenHash);

      await expect(db.repos.apiTokens.revoke(name)).resolves.toBe(true);
      await expect(db.repos.apiTokens.revoke(name)).resolves.toBe(false);
      await expect(db.repos.apiTokens.findActiveByHash(tokenHash)).resolves.toBeNull();
    });

    it('revokes by id, and reports false for an unknown token', async () => {
      const name = unique('token');
      const created = await db.repos.apiTokens.create({
        name,
        role: 'viewer',
        tokenHash: createHash('sha256').update(name).digest('hex'),
        prefix: 'hf_cd34',
      });
      await expect(db.repos.apiTokens.revoke(created.id)).resolves.toBe(true);
      await expect(db.repos.apiTokens.revoke(999_999)).resolves.toBe(false);
      const listed = await db.repos.apiTokens.list();
      expect(listed.find((t) => t.id === created.id)?.revokedAt).toBeInstanceOf(Date);
    });

    it('refuses a duplicate name or hash', async () => {
      const name = unique('token');
      const tokenHash = createHash('sha256').update(name).digest('hex');
      await db.repos.apiTokens.create({ name, role: 'admin', tokenHash, prefix: 'hf_ef56' });
      await expect(db.repos.apiTokens.create({ name, role: 'admin', tokenHash: '1'.repeat(64), prefix: 'hf_ef56' })).rejects.toThrow(
        /Unique constraint/,
      );
      await expect(db.repos.apiTokens.create({ name: unique('token'), role: 'admin', tokenHash, prefix: 'hf_ef56' })).rejects.toThrow(
        /Unique constraint/,
      );
    });
  });

  describe('job runs', () => {
    it('records start, finish with detail, and lists the newest first', async () => {
      const jobId = unique('job');
      const first = await db.repos.jobRuns.start(jobId, 'replica-a');
      expect(first).toMatchObject({ jobId, holder: 'replica-a', outcome: 'running', finishedAt: null, detail: null });
      const finished = await db.repos.jobRuns.finish(first.id, 'succeeded', { collected: 12, at: new Date('2026-01-02T03:04:05Z') });
      expect(finished.outcome).toBe('succeeded');
      expect(finished.finishedAt).toBeInstanceOf(Date);
      expect(finished.detail).toEqual({ collected: 12, at: '2026-01-02T03:04:05.000Z' });

      await sleep(5);
      const second = await db.repos.jobRuns.start(jobId, 'replica-b');
      await db.repos.jobRuns.finish(second.id, 'failed');
      await db.repos.jobRuns.start(unique('other-job'), 'replica-a');

      const recent = await db.repos.jobRuns.recent(jobId, 10);
      expect(recent.map((r) => [r.id, r.outcome])).toEqual([
        [second.id, 'failed'],
        [first.id, 'succeeded'],
      ]);
      expect(recent[0]?.detail).toBeNull();
      await expect(db.repos.jobRuns.recent(jobId, 1)).resolves.toHaveLength(1);
    });
  });

  describe('scheduled job configs and audit', () => {
    it('saves every job and its audit event together', async () => {
      const saved = await db.repos.scheduledJobs.saveWithAudit(
        [
          { jobId: 'cleanup_old_data', enabled: false, cron: '0 3 * * *' },
          { jobId: 'embed_new_articles', enabled: true, cron: '0 15 * * *' },
        ],
        { type: 'scheduled_jobs.updated', actor: 'admin-token', payload: { changed: ['cleanup_old_data'] } },
      );
      expect(saved.map((j) => [j.jobId, j.enabled, j.cron])).toEqual([
        ['cleanup_old_data', false, '0 3 * * *'],
        ['embed_new_articles', true, '0 15 * * *'],
      ]);
      const listed = await db.repos.scheduledJobs.list();
      expect(listed.find((j) => j.jobId === 'cleanup_old_data')).toMatchObject({ enabled: false, cron: '0 3 * * *' });
      const [event] = await db.repos.audit.list({ type: 'scheduled_jobs.updated', limit: 1 });
      expect(event).toMatchObject({ actor: 'admin-token', payload: { changed: ['cleanup_old_data'] } });
    });

    it('keeps the old config when the audit insert fails', async () => {
      await db.repos.scheduledJobs.saveWithAudit([{ jobId: 'sync_sigma_rules', enabled: true, cron: '0 4 * * 0' }], {
        type: 'scheduled_jobs.updated',
        actor: null,
        payload: {},
      });
      const before = await db.repos.audit.list({ limit: 1000 });
      // audit_events.type is VARCHAR(100): the database itself rejects this event, inside the transaction.
      await expect(
        db.repos.scheduledJobs.saveWithAudit([{ jobId: 'sync_sigma_rules', enabled: false, cron: '5 5 * * *' }], {
          type: 'x'.repeat(101),
          actor: null,
          payload: {},
        }),
      ).rejects.toThrow();
      const job = (await db.repos.scheduledJobs.list()).find((j) => j.jobId === 'sync_sigma_rules');
      expect(job).toMatchObject({ enabled: true, cron: '0 4 * * 0' });
      await expect(db.repos.audit.list({ limit: 1000 })).resolves.toHaveLength(before.length);
    });

    it('lists audit events newest first, filtered by type and limited', async () => {
      const type = unique('test.event');
      const first = await db.repos.audit.record({ type, actor: 'a', payload: { n: 1 } });
      const second = await db.repos.audit.record({ type, actor: null, payload: null });
      await db.repos.audit.record({ type: unique('other.event'), actor: 'a', payload: {} });
      const listed = await db.repos.audit.list({ type });
      expect(listed.map((e) => e.id)).toEqual([second.id, first.id]);
      expect(listed[1]).toEqual({
        id: first.id,
        type,
        actor: 'a',
        tool: null,
        outcome: null,
        durationMs: null,
        payload: { n: 1 },
        createdAt: expect.any(Date),
      });
      expect(listed[0]?.payload).toBeNull();
      await expect(db.repos.audit.list({ type, limit: 1 })).resolves.toHaveLength(1);
    });

    it('keeps a tool call’s columns for filtering, trims long actors, and pages by id', async () => {
      const tool = unique('tool');
      const older = await db.repos.audit.record({
        type: 'mcp.tool_call',
        actor: 'x'.repeat(300),
        tool,
        outcome: 'ok',
        durationMs: 12,
        payload: {},
      });
      const newer = await db.repos.audit.record({
        type: 'mcp.tool_call',
        actor: 'token:b',
        tool,
        outcome: 'error',
        durationMs: 3,
        payload: {},
      });
      expect(older.actor).toHaveLength(200);
      expect((await db.repos.audit.list({ tool, outcome: 'error' })).map((e) => e.id)).toEqual([newer.id]);
      expect((await db.repos.audit.list({ tool, beforeId: newer.id })).map((e) => e.id)).toEqual([older.id]);
      expect(await db.repos.audit.list({ tool, since: new Date(Date.now() + 60_000) })).toEqual([]);
    });
  });

  describe('schema constraints', () => {
    it('deletes an article’s feedback, annotations, chunk analyses and progress with it', async () => {
      const article = await seedArticle();
      await db.prisma.chunkClassificationFeedback.create({
        data: {
          articleId: article.id,
          chunkId: 3,
          chunkText: 'schtasks /create ...',
          modelClassification: 'Huntable',
          modelConfidence: 0.91,
          isCorrect: true,
        },
      });
      await db.prisma.articleAnnotation.create({
        data: { articleId: article.id, annotationType: 'huntable', selectedText: 'x', startPosition: 0, endPosition: 1 },
      });
      await db.prisma.chunkAnalysis.create({
        data: {
          articleId: article.id,
          chunkId: 3,
          chunkStart: 0,
          chunkEnd: 1000,
          modelVersion: 1,
          label: 'Huntable',
          confidence: 0.9,
          kept: true,
        },
      });
      await db.prisma.chunkDebugProgress.create({ data: { articleId: article.id, inProgress: true, phase: 'analyzing' } });

      await db.prisma.article.delete({ where: { id: article.id } });

      const where = { articleId: article.id };
      await expect(db.prisma.chunkClassificationFeedback.count({ where })).resolves.toBe(0);
      await expect(db.prisma.articleAnnotation.count({ where })).resolves.toBe(0);
      await expect(db.prisma.chunkAnalysis.count({ where })).resolves.toBe(0);
      await expect(db.prisma.chunkDebugProgress.count({ where })).resolves.toBe(0);
    });

    it('deletes stage records with their execution and turns with their conversation', async () => {
      const article = await seedArticle();
      const execution = await createExecution(db.prisma, article.id, {
        configSnapshot: { thresholds: {} },
        stages: { create: [{ stage: 'junk_filter', status: 'completed' }] },
      });
      const item = await createQueueItem(db.prisma, { workflowExecutionId: execution.id, articleId: article.id });
      const conversation = await db.prisma.enrichmentConversation.create({
        data: {
          queueItemId: item.id,
          provider: 'builtin',
          model: 'builtin',
          systemPrompt: 's',
          turns: { create: [{ turnIndex: 0, role: 'user', content: 'hi' }] },
        },
      });
      await db.prisma.sigmaQueueItem.update({ where: { id: item.id }, data: { conversationId: conversation.id } });

      await db.prisma.workflowExecution.delete({ where: { id: execution.id } });
      await expect(db.prisma.executionStage.count({ where: { executionId: execution.id } })).resolves.toBe(0);
      // A reviewed rule outlives the run that produced it.
      await expect(db.prisma.sigmaQueueItem.findUnique({ where: { id: item.id } })).resolves.toMatchObject({ workflowExecutionId: null });

      await db.prisma.enrichmentConversation.delete({ where: { id: conversation.id } });
      await expect(db.prisma.enrichmentTurn.count({ where: { conversationId: conversation.id } })).resolves.toBe(0);
      await expect(db.prisma.sigmaQueueItem.findUnique({ where: { id: item.id } })).resolves.toMatchObject({ conversationId: null });
    });

    it('deletes atoms with their reference rule', async () => {
      const rule = await db.prisma.sigmaReferenceRule.create({
        data: {
          ruleId: unique('rule'),
          path: 'rules/windows/x.yml',
          title: 'x',
          yaml: 'title: x',
          contentHash: 'a'.repeat(64),
          atoms: { create: [{ atom: 'image|endswith|\\cmd.exe' }, { atom: 'commandline|contains|/c', polarity: 'filter' }] },
        },
      });
      await db.prisma.sigmaReferenceRule.delete({ where: { id: rule.id } });
      await expect(db.prisma.sigmaRuleAtom.count({ where: { ruleId: rule.id } })).resolves.toBe(0);
    });

    it('refuses a second article with the same canonical URL or content hash', async () => {
      const article = await seedArticle();
      await expect(seedArticle({ canonicalUrl: article.canonicalUrl })).rejects.toThrow(/Unique constraint/);
      await expect(seedArticle({ contentHash: article.contentHash })).rejects.toThrow(/Unique constraint/);
    });

    it('refuses a second reference rule with the same rule id', async () => {
      const ruleId = unique('rule');
      const data = { ruleId, path: 'a.yml', title: 'a', yaml: 'title: a', contentHash: 'b'.repeat(64) };
      await db.prisma.sigmaReferenceRule.create({ data });
      await expect(db.prisma.sigmaReferenceRule.create({ data: { ...data, path: 'b.yml' } })).rejects.toThrow(/Unique constraint/);
    });

    it('allows one active execution per article, besides evaluation runs and finished ones', async () => {
      const article = await seedArticle();
      const first = await createExecution(db.prisma, article.id);
      await expect(createExecution(db.prisma, article.id, { status: 'running' })).rejects.toThrow(/Unique constraint/);
      await createExecution(db.prisma, article.id, { isEvalRun: true });
      await db.prisma.workflowExecution.update({ where: { id: first.id }, data: { status: 'failed' } });
      await expect(createExecution(db.prisma, article.id)).resolves.toMatchObject({ status: 'pending' });
    });

    it('allows only one current model version and one active workflow config', async () => {
      const base = { featurizerVersion: 1, modelFilePath: '/models/v.onnx' };
      await db.prisma.modelVersion.create({ data: { ...base, version: 1001, isCurrent: true } });
      await db.prisma.modelVersion.create({ data: { ...base, version: 1002, isCurrent: false } });
      await expect(db.prisma.modelVersion.create({ data: { ...base, version: 1003, isCurrent: true } })).rejects.toThrow(
        /Unique constraint/,
      );
      await db.prisma.workflowConfigVersion.create({ data: { version: 1001, isActive: true, config: {} } });
      await expect(db.prisma.workflowConfigVersion.create({ data: { version: 1002, isActive: true, config: {} } })).rejects.toThrow(
        /Unique constraint/,
      );
      const created = await db.prisma.workflowConfigVersion.create({ data: { version: 1003, config: {} } });
      expect(created.autoTriggerHuntScoreThreshold).toBe(100);
    });

    it('round-trips a 64-bit simhash and links near-duplicates', async () => {
      const original = await seedArticle();
      const copy = await seedArticle();
      await db.prisma.article.update({ where: { id: copy.id }, data: { duplicateOfId: original.id } });
      const stored = await db.prisma.article.findUniqueOrThrow({ where: { id: copy.id }, include: { duplicateOf: true } });
      expect(stored.simhash).toBe(-1234567890123456789n);
      expect(stored.duplicateOf?.id).toBe(original.id);
      const candidates = await db.prisma.$queryRaw<Array<{ id: number }>>`
        SELECT id FROM articles WHERE simhash_bands && ARRAY[65538]::int[] AND id IN (${original.id}, ${copy.id}) ORDER BY id`;
      expect(candidates.map((c) => c.id)).toEqual([original.id, copy.id]);
    });
  });

  describe('embeddings', () => {
    const unitVector = (hot: number[]) => `[${Array.from({ length: 384 }, (_, i) => (hot.includes(i) ? 1 : 0)).join(',')}]`;

    it('stores 384-d vectors and orders articles by cosine distance', async () => {
      const near = await seedArticle();
      const far = await seedArticle();
      const middle = await seedArticle();
      await db.prisma.$executeRaw`UPDATE articles SET embedding = ${unitVector([0])}::vector WHERE id = ${near.id}`;
      await db.prisma.$executeRaw`UPDATE articles SET embedding = ${unitVector([200])}::vector WHERE id = ${far.id}`;
      await db.prisma.$executeRaw`UPDATE articles SET embedding = ${unitVector([0, 200])}::vector WHERE id = ${middle.id}`;
      const ranked = await db.prisma.$queryRaw<Array<{ id: number; distance: number }>>`
        SELECT id, (embedding <=> ${unitVector([0, 1])}::vector)::float8 AS distance FROM articles
        WHERE id IN (${near.id}, ${far.id}, ${middle.id}) ORDER BY embedding <=> ${unitVector([0, 1])}::vector`;
      expect(ranked.map((r) => r.id)).toEqual([near.id, middle.id, far.id]);
      expect(ranked[2]?.distance).toBeCloseTo(1, 5);
    });

    it('rejects a vector of the wrong dimension', async () => {
      const article = await seedArticle();
      await expect(db.prisma.$executeRaw`UPDATE articles SET embedding = ${'[1,2,3]'}::vector WHERE id = ${article.id}`).rejects.toThrow(
        /dimensions/,
      );
    });

    it('has HNSW cosine indexes on the embedding columns', async () => {
      const indexes = await db.prisma.$queryRaw<Array<{ indexname: string }>>`
        SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%USING hnsw%vector_cosine_ops%' ORDER BY indexname`;
      expect(indexes.map((i) => i.indexname)).toEqual(['articles_embedding_hnsw_idx', 'sigma_reference_rules_embedding_hnsw_idx']);
    });
  });

  describe('search indexes (migration-only)', () => {
    it('keeps a full-text vector of title and content current', async () => {
      const article = await seedArticle();
      await db.prisma.article.update({
        where: { id: article.id },
        data: { content: 'Operators ran schtasks /create to persist the loader.' },
      });
      const matches = (word: string) =>
        db.prisma.$queryRaw<
          Array<{ id: number }>
        >`SELECT id FROM articles WHERE id = ${article.id} AND search_vector @@ websearch_to_tsquery('english', ${word})`;
      expect(await matches('persisting')).toHaveLength(1);
      expect(await matches('Article')).toHaveLength(1);
      await db.prisma.article.update({ where: { id: article.id }, data: { content: 'Nothing to see.' } });
      expect(await matches('persisting')).toHaveLength(0);
    });

    it.each([
      ['articles_content_trgm_idx', `SELECT id FROM articles WHERE content ILIKE '%schtasks%'`],
      ['articles_title_trgm_idx', `SELECT id FROM articles WHERE title ILIKE '%cobalt%'`],
      ['articles_search_vector_idx', `SELECT id FROM articles WHERE search_vector @@ websearch_to_tsquery('english', 'schtasks')`],
    ])('%s serves the query shape that uses it', async (index, query) => {
      let plan = '';
      // Tiny tables are read sequentially whatever indexes exist, and with that off the planner may walk a
      // whole btree (the title sort's) instead: this asks whether the index can serve at all, so the other
      // indexes of the table are dropped for the question and restored by rolling the transaction back.
      await db.prisma
        .$transaction(async (tx) => {
          const others = await tx.$queryRawUnsafe<Array<{ indexname: string }>>(
            `SELECT indexname FROM pg_indexes WHERE tablename = 'articles' AND indexname <> $1 AND indexdef NOT LIKE 'CREATE UNIQUE%'`,
            index,
          );
          for (const other of others) await tx.$executeRawUnsafe(`DROP INDEX "${other.indexname}"`);
          await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
          plan = (await tx.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN ${query}`)).map((row) => row['QUERY PLAN']).join('\n');
          throw new Error('roll back');
        })
        .catch((error: Error) => {
          if (error.message !== 'roll back') throw error;
        });
      expect(plan).toContain(index);
      const kept = await db.prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'articles'`;
      expect(kept[0]?.n).toBeGreaterThan(10);
    });
  });
});

const describeOnPostgres = availableDbKinds().includes('postgres') ? describe : describe.skip;

describeOnPostgres('migrations racing on postgres', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await openTestDatabase('postgres', { migrate: false });
  });

  afterAll(async () => {
    await testDb?.dispose();
  });

  it('applies each migration once when two replicas start together', async () => {
    const replicaA = testDb.db;
    const replicaB = await testDb.connectAnother();
    const [a, b] = await Promise.all([migrateDb(replicaA), migrateDb(replicaB)]);
    const names = (await readMigrationFiles(resolveMigrationsDir())).map((f) => f.name);
    expect([...a.applied, ...b.applied].sort()).toEqual(names);
    expect(a.applied.length === 0 || b.applied.length === 0).toBe(true);
    const rows = await replicaA.prisma.$queryRaw<Array<{ migration_name: string }>>`
      SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`;
    expect(rows.map((r) => r.migration_name)).toEqual(names);
  });
});
