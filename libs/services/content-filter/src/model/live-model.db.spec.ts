import { startContentFilter, type ContentFilterHarness } from '../test-support/content-filter-harness';
import { LiveModel } from './live-model';

const versionOf = (live: LiveModel) => live.use(async (model) => model.version);

describe('live model: which version is current', () => {
  let h: ContentFilterHarness;
  beforeAll(async () => {
    h = await startContentFilter();
  }, 120_000);
  afterAll(() => h.close());

  it('asks the database at most once per window, so another replica’s change shows up after it; clear() asks at once', async () => {
    // A clock the test moves, so a slow first load under a loaded machine cannot use up the window by itself.
    let clock = 1_000_000;
    const live = new LiveModel(h.ports.store, h.ports.versions, h.ctx.logger, 300, undefined, () => clock);
    expect(await versionOf(live)).toBe(1);
    const prisma = h.ctx.db.prisma;
    // Another replica retires the current version (as a rollback or a retrain would move it).
    await prisma.modelVersion.updateMany({ data: { isCurrent: false } });
    try {
      expect(await versionOf(live)).toBe(1);
      clock += 350;
      await expect(versionOf(live)).rejects.toMatchObject({ status: 503, code: 'model_unavailable' });

      await prisma.modelVersion.updateMany({ where: { version: 1 }, data: { isCurrent: true } });
      await live.clear();
      expect(await versionOf(live)).toBe(1);
    } finally {
      await prisma.modelVersion.updateMany({ where: { version: 1 }, data: { isCurrent: true } });
      await live.clear();
    }
  });
});
