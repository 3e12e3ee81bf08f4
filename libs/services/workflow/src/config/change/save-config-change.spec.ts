import { defaultWorkflowSettings, type Prompt, type WorkflowSettings } from '@huntforge/contracts/workflow';
import type { ConfigVersionRecord } from '../../repositories/config-repository';
import { ConcurrentConfigSaveError, type ConfigVersionChange } from '../../repositories/config-stores';
import type { StoredPrompt } from '../../repositories/prompt-repository';
import { saveConfigChange, type ConfigChangeDeps } from './save-config-change';

const rankPrompt: Prompt = { role: 'You score articles.', task: 'Score 0-10.', instructions: 'Be strict.' };

function record(version: number, settings: WorkflowSettings): ConfigVersionRecord {
  const at = new Date('2026-01-01T00:00:00Z');
  return { version, isActive: true, settings, autoTriggerHuntScoreThreshold: 100, description: null, createdAt: at, updatedAt: at };
}

/**
 * The config and prompt stores in memory. `raceOnSave` saves that many changes "from another replica" first
 * (the same change, one version ahead) and answers the caller's save as the database does when it lost the race.
 */
function memoryStores(options: { raceOnSave?: number } = {}) {
  let active = record(1, defaultWorkflowSettings());
  const prompts = new Map<string, StoredPrompt>([
    ['RankAgent', { agentName: 'RankAgent', prompt: rankPrompt, version: 1, updatedAt: new Date() }],
  ]);
  let racesLeft = options.raceOnSave ?? 0;
  const saves: ConfigVersionChange[] = [];
  const store = (change: ConfigVersionChange): ConfigVersionRecord => {
    active = record(active.version + 1, change.settings);
    for (const { agentName, prompt } of change.prompts) {
      if (prompt) prompts.set(agentName, { agentName, prompt, version: (prompts.get(agentName)?.version ?? 0) + 1, updatedAt: new Date() });
      else prompts.delete(agentName);
    }
    return active;
  };
  const deps: ConfigChangeDeps = {
    configs: { ensureActive: async () => active },
    prompts: { current: async () => new Map(prompts) },
    versions: {
      async save(change) {
        saves.push(change);
        if (racesLeft > 0) {
          racesLeft--;
          store(change);
          throw new ConcurrentConfigSaveError(new Error('duplicate key value violates unique constraint'));
        }
        return store(change);
      },
    },
  };
  return { deps, saves, active: () => active };
}

describe('saveConfigChange', () => {
  it('takes a prompt sent with its fields in another order for the same prompt: no new version', async () => {
    const { deps, saves } = memoryStores();
    const reordered = { instructions: 'Be strict.', task: 'Score 0-10.', role: 'You score articles.' } as Prompt;
    const result = await saveConfigChange(deps, { prompts: { RankAgent: reordered }, description: null, actor: null });
    expect(result).toMatchObject({ created: false, changedPrompts: [] });
    expect(result.record.version).toBe(1);
    expect(saves).toHaveLength(0);
  });

  it('saves settings and changed prompts together as the next version, leaving unchanged prompts out', async () => {
    const { deps, saves } = memoryStores();
    const sigma: Prompt = { role: 'You write Sigma rules.', task: 'Write rules.', instructions: 'Only what the article states.' };
    const result = await saveConfigChange(deps, {
      thresholds: { RankingThreshold: 7 },
      prompts: { RankAgent: rankPrompt, SigmaAgent: sigma },
      description: 'tune',
      actor: 'analyst',
    });
    expect(result).toMatchObject({ created: true, changedPrompts: ['SigmaAgent'] });
    expect(result.record.version).toBe(2);
    expect(saves).toEqual([
      expect.objectContaining({ description: 'tune', actor: 'analyst', prompts: [{ agentName: 'SigmaAgent', prompt: sigma }] }),
    ]);
    expect(saves[0]?.settings.thresholds.RankingThreshold).toBe(7);
  });

  it('recomputes a save that lost the race for its version number on the new active config', async () => {
    const { deps, saves, active } = memoryStores({ raceOnSave: 1 });
    const result = await saveConfigChange(deps, { thresholds: { RankingThreshold: 8 }, description: null, actor: null });
    // The replica that won saved the same thresholds, so the second attempt finds nothing left to save.
    expect(saves).toHaveLength(1);
    expect(result).toMatchObject({ created: false, changedPrompts: [] });
    expect(result.record.version).toBe(2);
    expect(active().settings.thresholds.RankingThreshold).toBe(8);
  });

  it('gives up after three attempts lost to other saves', async () => {
    const { deps } = memoryStores({ raceOnSave: 5 });
    let attempt = 0;
    const racing: ConfigChangeDeps = {
      ...deps,
      versions: {
        async save(change) {
          attempt++;
          // Each attempt changes the threshold again, so every recomputed attempt still has something to save.
          return deps.versions.save({
            ...change,
            settings: { ...change.settings, thresholds: { ...change.settings.thresholds, RankingThreshold: attempt } },
          });
        },
      },
    };
    await expect(saveConfigChange(racing, { thresholds: { RankingThreshold: 9 }, description: null, actor: null })).rejects.toBeInstanceOf(
      ConcurrentConfigSaveError,
    );
    expect(attempt).toBe(3);
  });

  it('does not retry a failure that is not a lost race', async () => {
    const { deps } = memoryStores();
    let attempts = 0;
    const failing: ConfigChangeDeps = {
      ...deps,
      versions: {
        async save() {
          attempts++;
          throw new Error('connection lost');
        },
      },
    };
    await expect(saveConfigChange(failing, { thresholds: { RankingThreshold: 9 }, description: null, actor: null })).rejects.toThrow(
      'connection lost',
    );
    expect(attempts).toBe(1);
  });
});
