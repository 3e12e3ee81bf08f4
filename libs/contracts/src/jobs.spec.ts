import { Cron } from 'croner';
import { CONFIGURABLE_JOB_IDS, SCHEDULED_JOBS, findScheduledJob } from './jobs';

describe('scheduled job catalogue', () => {
  it('lists the configurable jobs of the spec', () => {
    expect([...CONFIGURABLE_JOB_IDS].sort()).toEqual(
      ['cleanup_old_data', 'embed_new_articles', 'sync_sigma_rules', 'update_provider_model_catalogs'].sort(),
    );
  });

  it('keeps the fixed jobs and the disabled annotation job out of reach of edits', () => {
    expect(findScheduledJob('check_all_sources')).toMatchObject({ editable: false, defaultCron: '*/30 * * * *' });
    expect(findScheduledJob('index_customer_repo')).toMatchObject({ editable: false, defaultCron: '30 4 * * *' });
    expect(findScheduledJob('generate_annotation_embeddings')).toMatchObject({
      editable: false,
      enabledByDefault: false,
      defaultCron: '0 4 * * 0',
    });
    expect(findScheduledJob('nope')).toBeUndefined();
  });

  it('has unique ids and default crons croner accepts', () => {
    expect(new Set(SCHEDULED_JOBS.map((job) => job.id)).size).toBe(SCHEDULED_JOBS.length);
    for (const job of SCHEDULED_JOBS) {
      expect(() => new Cron(job.defaultCron, { paused: true, timezone: 'UTC' }).stop()).not.toThrow();
    }
  });
});
