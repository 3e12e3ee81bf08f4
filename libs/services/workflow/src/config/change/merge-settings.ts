import {
  CONFIG_AGENT_NAMES,
  agentSettingsSchema,
  isConfigAgentName,
  thresholdsSchema,
  type Thresholds,
  type WorkflowSettings,
} from '@huntforge/contracts/workflow';
import { HttpError, validationDetails } from '@huntforge/platform';
import { unknownAgentError } from '../unknown-agent';

/** JSON with sorted keys, so equal settings compare equal whatever order they were built in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * The settings a change makes of `before`: its thresholds and per-agent changes laid over them and checked
 * whole (400 validation_error naming the field, 400 unknown_agent for a name that is not a config agent).
 */
export function mergeSettings(
  before: WorkflowSettings,
  change: { thresholds?: Partial<Thresholds>; agents?: Record<string, unknown> },
): WorkflowSettings {
  const after: WorkflowSettings = structuredClone(before);
  const thresholds = thresholdsSchema.safeParse({ ...after.thresholds, ...change.thresholds });
  if (!thresholds.success)
    throw new HttpError(
      400,
      'validation_error',
      'Invalid thresholds',
      validationDetails(thresholds.error, 'body').map((issue) => ({ ...issue, path: issue.path.replace(/^body/, 'body.thresholds') })),
    );
  after.thresholds = thresholds.data;

  const names = Object.keys(change.agents ?? {});
  const unknown = names.filter((name) => !isConfigAgentName(name));
  if (unknown.length > 0) throw unknownAgentError(unknown, CONFIG_AGENT_NAMES);
  for (const name of names) {
    if (!isConfigAgentName(name)) continue;
    const parsed = agentSettingsSchema.safeParse({ ...after.agents[name], ...(change.agents?.[name] as object) });
    if (!parsed.success) {
      throw new HttpError(
        400,
        'validation_error',
        `Invalid settings for ${name}`,
        validationDetails(parsed.error).map((issue) => ({ ...issue, path: `body.agents.${name}.${issue.path}` })),
      );
    }
    after.agents[name] = parsed.data;
  }
  return after;
}
