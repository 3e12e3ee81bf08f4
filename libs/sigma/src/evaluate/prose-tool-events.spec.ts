import { selfTestGenerated } from '../generation/self-test-generated';
import { proseFactRules } from '../templates/prose-rules';
import { proseToolEvents } from './prose-tool-events';

// A write-up we wrote: tools named in prose and the telemetry of other classes its sentences state.
const ARTICLE = [
  'The threat actor used AdFind with trustdmp to enumerate the domain. Rclone was then used with --config to exfiltrate data to Mega.',
  'LSASS was dumped using ProcDump. Cobalt Strike beacons were injected into rundll32.exe.',
  'They installed AnyDesk as a service. A service named "gupdater" was created to run C:\\ProgramData\\gup.exe.',
  'Finally the intruders cleared the Security event log and the System event log was cleared too.',
  'A BITS job downloaded the payload from hxxp://cdn.evil-example[.]com/p.bin.',
  'The PowerShell script block contained Invoke-ShareFinder.',
].join('\n');

const article = { title: 'Fixture intrusion', url: 'https://example.org/fixture', date: '2026-01-01' };

describe('proseToolEvents', () => {
  it('stands for each tool run and each stated record with its event', () => {
    expect(proseToolEvents(ARTICLE).map((event) => event.observable)).toEqual([
      'tool: AdFind (adfind.exe)',
      'tool: Rclone (rclone.exe)',
      'tool: ProcDump (procdump.exe)',
      'tool: ProcDump (procdump64.exe)',
      'tool: rundll32 (beacon)',
      'lsass access: ProcDump',
      'lsass access: ProcDump',
      'log cleared: security',
      'log cleared: system',
      'bits: cdn.evil-example.com',
      'script block: Invoke-ShareFinder',
    ]);
  });

  it('gives every rule an event of its own article to fire on, none on the baseline nor on another article', () => {
    const rules = proseFactRules(article, ARTICLE, 'windows');
    expect(rules.map((rule) => rule.rule.title)).toEqual([
      'AdFind Execution With Its Hallmark Arguments',
      'Rclone Execution With Its Hallmark Arguments',
      'ProcDump Execution With Its Hallmark Arguments',
      'Rundll32 Started Without Arguments',
      'LSASS Memory Accessed By ProcDump',
      'Security Event Log Cleared',
      'System Event Log Cleared',
      'BITS Transfer From The Reported Host',
      'PowerShell Script Calling Invoke-ShareFinder',
    ]);
    for (const { rule } of rules) {
      const doc = rule as unknown as Record<string, unknown>;
      const result = selfTestGenerated(doc, [], ARTICLE);
      expect([rule.title, result.fires]).toEqual([rule.title, true]);
      expect(result.baseline?.fires).toBe(0);
      expect(selfTestGenerated(doc, [], 'An unrelated article about phishing.').fires).toBe(false);
    }
  });

  it('keys a tool on its program and the original file name a renamed copy keeps', () => {
    const [adfind] = proseFactRules(article, ARTICLE, 'windows');
    expect(adfind?.rule.detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\AdFind.exe' }, { OriginalFileName: 'AdFind.exe' }],
      selection_cli: { 'CommandLine|contains': 'trustdmp' },
      condition: 'all of selection_*',
    });
  });

  it('writes no Windows rule for a Linux article', () => {
    expect(proseFactRules(article, ARTICLE, 'linux')).toEqual([]);
  });
});
