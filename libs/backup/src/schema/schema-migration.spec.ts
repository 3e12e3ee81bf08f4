import { BackupError } from '../errors';
import { assertSchemaRestorable } from './schema-migration';

describe('assertSchemaRestorable', () => {
  const newest = '20261125230000_execution_corpus_coverage';

  it('accepts a backup at or before the newest migration this build ships', () => {
    expect(() => assertSchemaRestorable(newest, newest)).not.toThrow();
    expect(() => assertSchemaRestorable('20261121061500_init', newest)).not.toThrow();
    expect(() => assertSchemaRestorable(null, newest)).not.toThrow();
  });

  it('refuses a backup taken at a newer migration with backup_schema_newer', () => {
    let refusal: unknown;
    try {
      assertSchemaRestorable('20261201000000_future_table', newest);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BackupError);
    expect(refusal).toMatchObject({
      code: 'backup_schema_newer',
      details: { backup: '20261201000000_future_table', newest_known: newest },
    });
  });
});
