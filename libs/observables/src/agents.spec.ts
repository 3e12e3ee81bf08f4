import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_OUTPUT_SCHEMAS, EXTRACTION_AGENTS, extractionResultSchema } from '@huntforge/contracts/extraction';
import { load } from 'js-yaml';
import { BUILTIN_AGENTS, platformSkipReason, runBuiltinExtraction } from './agents';

const EVAL_DIR = join(__dirname, '..', '..', '..', 'fixtures', 'eval');
const fixtures = readdirSync(EVAL_DIR)
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .map((f) => ({
    name: f,
    text: readFileSync(join(EVAL_DIR, f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''),
    truth: load(readFileSync(join(EVAL_DIR, f.replace(/\.md$/, '.expected.yaml')), 'utf8')) as {
      platform: string;
      huntable: boolean;
      article_url: string;
      network: { optional: Record<string, string[]> };
    },
  }));

describe('builtin agents', () => {
  it('has at least twelve labelled fixture articles, junk included', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
    expect(fixtures.filter((f) => !f.truth.huntable).length).toBeGreaterThanOrEqual(2);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('every agent output on %s satisfies its contract schema', (_name, fixture) => {
    for (const agent of EXTRACTION_AGENTS) {
      const output = BUILTIN_AGENTS[agent](fixture.text, { articleUrl: fixture.truth.article_url });
      expect(AGENT_OUTPUT_SCHEMAS[agent].safeParse(output).success).toBe(true);
      for (const item of output.items) expect(fixture.text.slice(item.evidence.start, item.evidence.end)).toBe(item.evidence.text);
    }
    const result = runBuiltinExtraction(fixture.text, { platform: fixture.truth.platform as never, articleUrl: fixture.truth.article_url });
    expect(extractionResultSchema.safeParse(result).success).toBe(true);
  });

  it('finds nothing in the junk fixtures beyond their reward-neutral links', () => {
    for (const fixture of fixtures.filter((f) => !f.truth.huntable)) {
      const result = runBuiltinExtraction(fixture.text, { platform: 'cross-platform', articleUrl: fixture.truth.article_url });
      const neutral = Object.values(fixture.truth.network.optional).flat();
      expect(result.observables.filter((o) => !neutral.includes(o.value))).toEqual([]);
    }
  });

  it('skips the Windows-only agents for non-Windows articles with a reason record', () => {
    const text = 'schtasks /create /tn Updater /tr c:\\u.exe and sc create evil binPath= c:\\e.exe and HKLM\\Software\\X\\Y';
    const linux = runBuiltinExtraction(text, { platform: 'linux' });
    expect(linux.summary.agents_skipped).toEqual(['RegistryExtract', 'ServicesExtract', 'ScheduledTasksExtract']);
    expect(linux.subresults.registry_keys).toMatchObject({
      status: 'skipped',
      skip_reason: { code: 'platform_not_windows', details: { platform: 'linux' } },
    });
    const windows = runBuiltinExtraction(text, { platform: 'windows' });
    expect(windows.summary.agents_skipped).toEqual([]);
    expect(windows.observables.map((o) => o.type)).toEqual(expect.arrayContaining(['registry_key', 'service', 'scheduled_task']));
    expect(platformSkipReason('CmdlineExtract', 'macos')).toBeNull();
  });

  it('records disabled agents as skipped', () => {
    const result = runBuiltinExtraction('cmd.exe /c whoami /all', { agents: ['CmdlineExtract'] });
    expect(result.summary.agents_completed).toEqual(['CmdlineExtract']);
    expect(result.subresults.network_indicators).toMatchObject({ status: 'skipped', skip_reason: { code: 'agent_disabled' } });
  });
});
