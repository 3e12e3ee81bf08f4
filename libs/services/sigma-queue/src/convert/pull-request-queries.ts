import type { SettingsReader } from '@huntforge/data';
import { checkTargets, convertForTargets } from '@huntforge/sigma';
import { configuredTargets } from './configured-targets';

/**
 * The rule's queries for the team's targets, as a Markdown section of the pull request body, so the
 * reviewer sees what will run. A target that cannot express the rule says why; a misconfigured target
 * list is named instead of failing the submission.
 */
export async function queriesSection(settings: SettingsReader, ruleYaml: string): Promise<string[]> {
  const specs = await configuredTargets(settings);
  const problem = checkTargets(specs);
  if (problem) return ['', '### Queries', '', `Not converted: ${problem.message} (setting SIGMA_CONVERT_TARGETS).`];
  const lines = ['', '### Queries'];
  for (const result of convertForTargets(ruleYaml, specs)) {
    lines.push('', `**${[result.target, ...result.pipelines].join(' + ')}**`, '');
    if (result.error) {
      lines.push(`Not expressible: ${result.error.message}`);
      continue;
    }
    const text = result.queries.map((query) => (typeof query === 'string' ? query : JSON.stringify(query, null, 2))).join('\n');
    // A fence longer than any backtick run inside keeps the query intact.
    const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((match) => match[0].length + 1)));
    lines.push(fence, text, fence);
  }
  return lines;
}
