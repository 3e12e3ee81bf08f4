import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runConvert, type ConvertCommandOptions } from './convert-command';

const folder = (files: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), 'hf-cli-convert-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
};

const ruleText = (detection: string) => `title: Convert spec
logsource: {category: process_creation, product: windows}
detection:
${detection}
`;

const options = (extra: Partial<ConvertCommandOptions> = {}): ConvertCommandOptions => ({
  target: 'test',
  pipeline: [],
  pipelineArg: [],
  backendOption: [],
  format: 'json',
  ...extra,
});

describe('huntforge sigma convert', () => {
  it('converts every file and reports the one the target cannot express beside the others', () => {
    const root = folder({
      'a.yml': ruleText('  sel:\n    Image|endswith: \\rundll32.exe\n  condition: sel'),
      'b.yml': ruleText('  sel:\n    - 42\n    - true\n  condition: sel'),
    });
    const result = runConvert([root], options({ pipeline: ['sysmon'] }));
    const parsed = JSON.parse(result.output) as { results: Array<{ file: string; queries: string[]; error: string | null }> };
    expect(parsed.results.map((r) => [r.file.endsWith('a.yml'), r.queries, r.error?.split(':')[0] ?? null])).toEqual([
      [true, ['EventID=1 and Image endswith "\\rundll32.exe"'], null],
      [false, [], 'SigmaValueError'],
    ]);
    expect(result.exitCode).toBe(1);
  });

  it('reports an unknown output format against each file instead of converting', () => {
    const root = folder({ 'a.yml': ruleText('  sel:\n    Image: x\n  condition: sel') });
    const parsed = JSON.parse(runConvert([root], options({ outputFormat: 'nope' })).output) as { results: Array<{ error: string }> };
    expect(parsed.results[0]?.error).toMatch(/^SigmaBackendError: Output format 'nope' is not supported by target 'test'/);
  });

  it('reads pipeline arguments and backend options as JSON when they are JSON', () => {
    const root = folder({ 'a.yml': ruleText('  sel:\n    Image: x\n  condition: sel') });
    const text = runConvert([root], options({ format: 'text', outputFormat: 'list_of_dict', backendOption: ['testparam=[1,2]'] })).output;
    expect(text).toContain('{"query":"Image=\\"x\\"","test":[1,2]}');
  });
});
