import { selfTestRule } from '../evaluate/self-test';
import { validateRuleDocument } from '../validate/validate-rule';
import { generateBuiltinRules, type TemplatePlatform } from './builtin-sigma-agent';
import { isSuspiciousLineage } from './process-lineage';

const article = { title: 'Notes on a web server intrusion', url: 'https://research.example.org/lineage', date: '2026-11-28' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };

function lineageRules(platform: TemplatePlatform, parent: string, child: string) {
  return generateBuiltinRules({
    article,
    platform,
    processPairs: [{ ...item, value: `${parent} -> ${child}`, parent, child }],
  }).filter((draft) => draft.rule.title.includes(' Started By '));
}

describe('parent-aware process rules', () => {
  it.each([
    ['windows', 'w3wp.exe', 'cmd.exe'],
    ['windows', 'sqlservr.exe', 'powershell.exe'],
    ['windows', 'msedge.exe', 'mshta.exe'],
    ['windows', 'winword.exe', 'updater.exe'],
    ['windows', 'wscript.exe', 'regsvr32.exe'],
    ['linux', '/usr/bin/ruby', '/bin/sh'],
    ['linux', 'node', 'curl'],
    ['linux', 'java', 'bash'],
    ['windows', 'QuillAgentHost.exe', 'vssadmin.exe'],
    ['windows', 'outlook.exe', 'wevtutil.exe'],
  ] as Array<[TemplatePlatform, string, string]>)(
    'writes a %s rule for %s starting %s that fires on that pair alone',
    (platform, parent, child) => {
      const drafts = lineageRules(platform, parent, child);
      expect(drafts).toHaveLength(1);
      const rule = drafts[0]?.rule as unknown as Record<string, unknown>;
      expect(validateRuleDocument(rule).findings).toEqual([]);
      expect(selfTestRule(rule, [{ type: 'process_lineage', value: `${parent} -> ${child}` }]).fires).toBe(true);
    },
  );

  it.each([
    ['windows', 'w3wp.exe', 'csc.exe'],
    ['windows', 'chrome.exe', 'chrome.exe'],
    ['linux', 'node', 'git'],
    ['linux', 'python3', 'ffmpeg'],
    ['windows', 'explorer.exe', 'cmd.exe'],
    ['windows', 'cmd.exe', 'powershell.exe'],
    ['windows', 'cmd.exe', 'vssadmin.exe'],
    ['windows', 'services.exe', 'wevtutil.exe'],
  ] as Array<[TemplatePlatform, string, string]>)(
    'writes none for %s %s starting %s, which is everyday behaviour',
    (platform, parent, child) => {
      expect(lineageRules(platform, parent, child)).toEqual([]);
    },
  );

  it('reads the program names whatever their path, case and extension', () => {
    expect(isSuspiciousLineage('C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE', 'C:\\Windows\\System32\\cmd.exe')).toBe(
      true,
    );
    expect(isSuspiciousLineage('/usr/lib/jvm/bin/java', '/usr/bin/wget')).toBe(true);
    expect(isSuspiciousLineage('/usr/lib/jvm/bin/java', '/usr/bin/javac')).toBe(false);
  });
});
