/** Options of a small valid process-creation rule; each default can be replaced to keep rules apart. */
export interface SigmaRuleYamlOptions {
  id: string;
  title?: string;
  author?: string;
  status?: string;
  image?: string;
  args?: string[];
  /** Extra top-level lines appended as they are. */
  extra?: string;
}

/** A small valid Sigma rule (certutil with -urlcache -f unless told otherwise), for tests that queue or index rules. */
export function sigmaRuleYaml(options: SigmaRuleYamlOptions): string {
  const args = options.args ?? ['-urlcache', '-f'];
  return [
    `title: ${options.title ?? `Rule ${options.id.slice(0, 8)}`}`,
    `id: ${options.id}`,
    `status: ${options.status ?? 'test'}`,
    `author: ${options.author ?? 'Jane Analyst'}`,
    'date: 2026-01-15',
    'logsource:',
    '  category: process_creation',
    '  product: windows',
    'detection:',
    '  selection:',
    `    Image|endswith: '${options.image ?? '\\certutil.exe'}'`,
    '    CommandLine|contains:',
    ...args.map((arg) => `      - '${arg}'`),
    '  condition: selection',
    'level: medium',
    options.extra ?? '',
  ].join('\n');
}
