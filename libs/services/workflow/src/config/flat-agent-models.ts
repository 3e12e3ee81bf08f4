import { CONFIG_AGENT_NAMES, type AgentSettings, type WorkflowSettings } from '@huntforge/contracts/workflow';

const FLAT_FIELDS = ['provider', 'model', 'temperature', 'top_p', 'effort', 'enabled'] as const;
type FlatField = (typeof FLAT_FIELDS)[number];

/** The flat layout: `{Agent}` is the model, `{Agent}_provider`, `{Agent}_temperature`, `{Agent}_top_p`, `{Agent}_effort`, `{Agent}_enabled`. */
export function toFlatAgentModels(settings: WorkflowSettings): Record<string, string | number | boolean | null> {
  const flat: Record<string, string | number | boolean | null> = {};
  for (const agent of CONFIG_AGENT_NAMES) {
    const entry = settings.agents[agent];
    flat[agent] = entry.model;
    for (const field of FLAT_FIELDS) if (field !== 'model') flat[`${agent}_${field}`] = entry[field];
  }
  return flat;
}

/**
 * Flat keys back to per-agent partial settings. Unknown agent prefixes are returned separately so the
 * caller answers unknown_agent; values are type-checked later with the agent settings schema.
 */
export function fromFlatAgentModels(flat: Record<string, unknown>): {
  agents: Record<string, Partial<Record<keyof AgentSettings, unknown>>>;
  unknown: string[];
} {
  const agents: Record<string, Partial<Record<keyof AgentSettings, unknown>>> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(flat)) {
    const separator = key.indexOf('_');
    const agent = separator === -1 ? key : key.slice(0, separator);
    const field = (separator === -1 ? 'model' : key.slice(separator + 1)) as FlatField;
    if (!(FLAT_FIELDS as readonly string[]).includes(field)) {
      unknown.push(key);
      continue;
    }
    (agents[agent] ??= {})[field] = value;
  }
  return { agents, unknown };
}
