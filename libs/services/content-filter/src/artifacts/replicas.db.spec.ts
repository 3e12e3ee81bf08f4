import { existsSync, readFileSync, rmSync } from 'node:fs';
import request from 'supertest';
import type { ClassifyResult } from '@huntforge/contracts/content-filter';
import { JunkClassifier } from '@huntforge/ml';
import { waitFor } from '@huntforge/test-kit';
import { classify } from '../classification/classify';
import { classifyText } from '../classification/classify-text';
import { importLocalArtifacts } from './import-local-artifacts';
import { startContentFilter, type ContentFilterHarness } from '../test-support/content-filter-harness';
import { MARKETING, WINDOWS_INTRUSION } from '../test-support/sample-articles';

const TEXT = `${WINDOWS_INTRUSION}\n\n${MARKETING}`;
const THRESHOLD = 0.5;

/** What one replica answers for TEXT through its own LiveModel. */
async function classifyOn(h: ContentFilterHarness): Promise<ClassifyResult> {
  const reply = await classify(h.ports, { text: TEXT, threshold: THRESHOLD });
  if ('error' in reply) throw new Error(`classification failed: ${reply.error.code} ${reply.error.message}`);
  return reply;
}

/** The decisions a model artifact gives for TEXT, straight from its bytes. */
async function decisionsOf(bytes: Buffer) {
  const classifier = await JunkClassifier.load(bytes);
  try {
    return (await classifyText(classifier, TEXT, { threshold: THRESHOLD, topFeatures: 5 })).decisions;
  } finally {
    await classifier.release();
  }
}

describe('model artifacts live in the database: every replica serves the current model', () => {
  let a: ContentFilterHarness;
  let b: ContentFilterHarness;
  const prisma = () => a.ctx.db.prisma;
  const stored = async (kind: 'live' | 'versioned', version: number) => {
    const row = await prisma().modelArtifact.findUnique({ where: { kind_version: { kind, version } } });
    if (!row) throw new Error(`no ${kind} artifact for version ${version}`);
    return Buffer.from(row.bytes);
  };
  /** B notices another replica's change on its own (it checks which version is current about once a second). */
  const bServes = (version: number) =>
    waitFor(`replica B to serve version ${version}`, async () => (await classifyOn(b)).model_version === version);

  beforeAll(async () => {
    a = await startContentFilter();
    // A second replica on the same database, with its own (empty) local artifact folder.
    b = await startContentFilter({ ctx: a.ctx });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves version 1 on a replica that never trained it, from the database copy', async () => {
    expect(existsSync(b.files.versionPath(1))).toBe(false);
    const answer = await classifyOn(b);
    expect(answer.model_version).toBe(1);
    expect(answer.chunks).toEqual(await decisionsOf(await stored('versioned', 1)));
    // B keeps what it loaded only as a cache.
    expect(existsSync(b.files.livePath)).toBe(true);
  });

  it('after a retrain on replica A, replica B reports and answers with the new version', async () => {
    const articleId = await a.createArticle(TEXT);
    for (const [chunkId, text] of [WINDOWS_INTRUSION, MARKETING].entries()) {
      await prisma().chunkClassificationFeedback.create({
        data: {
          articleId,
          chunkId,
          chunkText: text,
          modelClassification: chunkId === 0 ? 'Huntable' : 'Not Huntable',
          modelConfidence: 0.6,
          isCorrect: false,
          userClassification: chunkId === 0 ? 'Not Huntable' : 'Huntable',
        },
      });
    }
    const retrain = await request(a.app).post('/api/model/retrain?wait=true').expect(200);
    expect(retrain.body).toMatchObject({ success: true, new_version: 2 });

    await bServes(2);
    const v1 = await decisionsOf(await stored('versioned', 1));
    const v2 = await decisionsOf(await stored('versioned', 2));
    // The two versions score TEXT differently, so matching v2 shows the answer came from the new model.
    expect(v2.map((d) => d.confidence)).not.toEqual(v1.map((d) => d.confidence));
    expect((await classifyOn(b)).chunks).toEqual(v2);
    expect(existsSync(b.files.versionPath(2))).toBe(false);
    const summary = await request(b.app).get('/api/ml-model-performance/summary').expect(200);
    expect(summary.body.summary.current_version).toBe(2);
  });

  it('after a rollback on replica A, replica B serves the version rolled back to', async () => {
    const res = await request(a.app).post('/api/model/rollback/1').expect(200);
    expect(res.body).toMatchObject({ version: 1, artifact: 'primary' });
    expect(await stored('live', 1)).toEqual(await stored('versioned', 1));
    await bServes(1);
    expect((await classifyOn(b)).chunks).toEqual(await decisionsOf(await stored('versioned', 1)));
    await a.ports.background.drain();
  });

  it('rolls back on a replica without a local copy from the database, and with 422 when neither copy exists', async () => {
    const onB = await request(b.app).post('/api/model/rollback/2').expect(200);
    expect(onB.body).toMatchObject({ version: 2, artifact: 'primary' });
    await a.ports.background.drain();
    await b.ports.background.drain();

    await prisma().modelArtifact.delete({ where: { kind_version: { kind: 'versioned', version: 1 } } });
    const missing = await request(b.app).post('/api/model/rollback/1').expect(422);
    expect(missing.body.error.code).toBe('artifact_missing');
    expect(missing.body.error.message).toContain('the database');
    expect((await a.ports.versions.findCurrent())?.version).toBe(2);

    // A still holds its own copy of version 1 (the secondary), so it can roll back, and B follows.
    const onA = await request(a.app).post('/api/model/rollback/1').expect(200);
    expect(onA.body.artifact).toBe('secondary');
    await bServes(1);
    await a.ports.background.drain();
    await b.ports.background.drain();
  });

  it('answers 503 model_unavailable, not a 500, when no copy of the current version is reachable', async () => {
    // Version 1 is current; its versioned row is gone, and now the live row and B's cache go too.
    await prisma().modelArtifact.deleteMany({ where: { kind: 'live' } });
    rmSync(b.files.livePath);
    await b.ports.model.clear();
    const articleId = await b.createArticle(TEXT);

    const res = await request(b.app).get(`/api/articles/${articleId}/chunk-debug`).expect(503);
    expect(res.body.error.code).toBe('model_unavailable');
    expect(res.body.error.message).toContain('model version 1 is missing from the database');
    const reply = await classify(b.ports, { text: TEXT, threshold: THRESHOLD }).catch((error: unknown) => error);
    expect(reply).toMatchObject({ status: 503, code: 'model_unavailable' });

    // A's local cache still holds version 1, so A keeps serving it.
    expect((await classifyOn(a)).model_version).toBe(1);
  });
});

describe('upgrading from artifacts on local disk', () => {
  let first: ContentFilterHarness;
  beforeAll(async () => {
    first = await startContentFilter();
  }, 120_000);
  afterAll(() => first?.close());

  it('imports every version found on disk into the database on start, then serves it on other replicas', async () => {
    const prisma = first.ctx.db.prisma;
    // What an older release left: paths to local files only, no rows in model_artifacts.
    await prisma.modelVersion.update({
      where: { version: 1 },
      data: { modelFilePath: first.files.versionPath(1), secondaryModelFilePath: first.files.legacySecondaryPath(1) },
    });
    await prisma.modelArtifact.deleteMany({});

    const restarted = await startContentFilter({ ctx: first.ctx, artifactsDir: first.artifactsDir });
    const other = await startContentFilter({ ctx: first.ctx });
    try {
      const row = await prisma.modelArtifact.findUnique({ where: { kind_version: { kind: 'versioned', version: 1 } } });
      expect(row).not.toBeNull();
      expect(Buffer.from(row?.bytes ?? []).equals(readFileSync(first.files.versionPath(1)))).toBe(true);
      expect((await classifyOn(other)).model_version).toBe(1);
    } finally {
      await other.close();
      await restarted.close();
    }
  });

  it('leaves a version it cannot find anywhere for the replica that has it, and says so', async () => {
    const stranger = await startContentFilter({ ctx: first.ctx });
    try {
      await first.ctx.db.prisma.modelArtifact.deleteMany({});
      await first.ctx.db.prisma.modelVersion.update({
        where: { version: 1 },
        data: { modelFilePath: '/nonexistent/v1/model.onnx', secondaryModelFilePath: null },
      });
      expect(await importLocalArtifacts(stranger.ports)).toEqual({ imported: [], missing: [1] });
      expect(await importLocalArtifacts(first.ports)).toEqual({ imported: [1], missing: [] });
      expect(await importLocalArtifacts(first.ports)).toEqual({ imported: [], missing: [] });
    } finally {
      await stranger.close();
    }
  });
});
