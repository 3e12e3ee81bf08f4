import { ANY_PROMPT_AGENT_NAMES, defaultWorkflowSettings, type AnyPromptAgentName, type Prompt } from '@huntforge/contracts/workflow';
import type { PromptChange } from '../../repositories/prompt-repository';
import { seedDefaultPrompts, type SeedDefaultPromptsDeps } from './seed-default-prompts';

const defaultOf = (agent: AnyPromptAgentName): Prompt => ({ role: `${agent} role`, task: `${agent} task`, instructions: 'shipped' });

function stores(options: { historySaved: boolean; saveFails?: boolean }) {
  const saved: Array<{ changes: PromptChange[]; configVersion: number; description: string | null }> = [];
  const deps: SeedDefaultPromptsDeps = {
    configs: {
      ensureActive: async () => ({
        version: 4,
        isActive: true,
        settings: defaultWorkflowSettings(),
        autoTriggerHuntScoreThreshold: 100,
        description: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      }),
    },
    prompts: { anyVersionSaved: async () => options.historySaved },
    versions: {
      async savePrompts(changes, meta) {
        if (options.saveFails) throw new Error('duplicate key value violates unique constraint');
        saved.push({ changes, configVersion: meta.configVersion, description: meta.description });
      },
    },
    defaults: { prompt: defaultOf },
  };
  return { deps, saved };
}

describe('seedDefaultPrompts', () => {
  it('saves every agent’s shipped prompt with the active config version into an empty history', async () => {
    const { deps, saved } = stores({ historySaved: false });
    expect(await seedDefaultPrompts(deps)).toBe(true);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ configVersion: 4, description: 'Default prompts' });
    expect(saved[0]?.changes.map((change) => change.agentName)).toEqual([...ANY_PROMPT_AGENT_NAMES]);
    expect(saved[0]?.changes.find((change) => change.agentName === 'SigmaAgent')?.prompt).toEqual(defaultOf('SigmaAgent'));
  });

  it('leaves a database with any prompt history alone, so a restart never undoes an edit or a bootstrap', async () => {
    const { deps, saved } = stores({ historySaved: true });
    expect(await seedDefaultPrompts(deps)).toBe(false);
    expect(saved).toEqual([]);
  });

  it('answers false when another replica seeded first', async () => {
    const { deps } = stores({ historySaved: false, saveFails: true });
    expect(await seedDefaultPrompts(deps)).toBe(false);
  });
});
