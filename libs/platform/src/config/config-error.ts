/** Every configuration problem found at start, one line each, each naming its variable. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(service: string, problems: string[]) {
    super(`Invalid configuration for ${service}: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** The message printed before the process exits: a heading and one bullet per problem. */
export function formatConfigProblems(error: ConfigError): string {
  const count = error.problems.length;
  const heading = `Configuration is invalid (${count} problem${count === 1 ? '' : 's'}):`;
  return [heading, ...error.problems.map((problem) => `  - ${problem}`)].join('\n');
}
