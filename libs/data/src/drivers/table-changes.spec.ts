import { TableChanges } from './table-changes';

describe('TableChanges: the write counters of the embedded database', () => {
  it('moves a table counter for a statement that may write it, and leaves reads and other tables alone', () => {
    const changes = new TableChanges();
    expect(changes.noteStatement('SELECT * FROM "public"."sigma_queue_items" WHERE id = $1')).toEqual([]);
    expect(changes.noteStatement('UPDATE workflow_executions SET updated_at = now()')).toEqual([]);
    expect(changes.generation('sigma_queue_items')).toBe(0);

    expect(changes.noteStatement('UPDATE "public"."sigma_queue_items" SET "status" = $1 WHERE id = $2')).toEqual(['sigma_queue_items']);
    expect(changes.generation('sigma_queue_items')).toBe(1);
    expect(changes.generation('agent_prompts')).toBe(0);
    expect(changes.generation('agent_prompt_versions')).toBe(0);
  });

  it('moves every table a statement may write, whatever the case of its words', () => {
    const changes = new TableChanges();
    const before = changes.stamp(['workflow_config_versions', 'agent_prompts']);
    changes.noteStatement('with gone as (delete from AGENT_PROMPTS returning 1) update workflow_config_versions set is_active = false');
    expect(changes.stamp(['workflow_config_versions', 'agent_prompts'])).not.toBe(before);
    expect(changes.generation('workflow_config_versions')).toBe(1);
    expect(changes.generation('agent_prompts')).toBe(1);
  });

  it('moves the counters again once the write is answered and once its transaction ends', () => {
    const changes = new TableChanges();
    const written = changes.noteStatement('INSERT INTO agent_prompts (agent_name) VALUES ($1)', 7);
    const sent = changes.generation('agent_prompts');
    changes.noteAnswered(written);
    const answered = changes.generation('agent_prompts');
    expect(answered).toBeGreaterThan(sent);
    changes.noteTransactionEnd(7);
    expect(changes.generation('agent_prompts')).toBeGreaterThan(answered);
    // A transaction that wrote no watched table moves nothing.
    changes.noteTransactionEnd(8);
    expect(changes.generation('agent_prompts')).toBe(answered + 1);
  });

  it('moves every counter on a rollback written by hand', () => {
    const changes = new TableChanges();
    changes.noteStatement('ROLLBACK');
    expect(changes.stamp(['workflow_config_versions', 'agent_prompts', 'agent_prompt_versions', 'sigma_queue_items'])).toBe('1.1.1.1');
  });
});
