import type { z } from 'zod';

/** A zod object whose keys are environment variable names: a service's own variables. */
export type EnvSchema = z.ZodObject;

/**
 * Checks the variables of `schema` in `env` (trimmed; empty counts as unset) and says what is wrong with each, in
 * plain words and one line per variable. Never echoes a value: some variables carry credentials.
 */
export function envProblems(schema: EnvSchema, env: Record<string, string | undefined>): string[] {
  const picked: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = env[name]?.trim();
    if (value) picked[name] = value;
  }
  const parsed = schema.safeParse(picked);
  return parsed.success ? [] : parsed.error.issues.map(describeEnvIssue);
}

/** `NAME: must be …` for one zod issue about an environment variable. */
export function describeEnvIssue(issue: z.core.$ZodIssue): string {
  const variable = issue.path.length > 0 ? String(issue.path[0]) : 'environment';
  return `${variable}: ${plainWords(issue)}`;
}

function plainWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? 'must not be empty'
        : `must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${String(issue.maximum)} characters`
        : `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}`;
    case 'invalid_type':
      if (issue.expected === 'int') return 'must be a whole number';
      if (issue.expected === 'number') return 'must be a number';
      return `must be a ${issue.expected}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL such as https://host:port' : `must be a valid ${issue.format}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    default:
      // Our own refinements (custom) carry a message written for people.
      return issue.message;
  }
}
