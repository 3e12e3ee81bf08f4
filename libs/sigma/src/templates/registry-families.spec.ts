import { selfTestRule } from '../evaluate/self-test';
import { validateRuleDocument } from '../validate/validate-rule';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';

// A tool that turns an endpoint product off through the registry, written for these tests: policy values
// under two keys, the same Start value under several service keys, trace autologgers, and an unknown key.

const article = { title: 'Synthetic tamper tool', url: 'https://notes.example.org/tamper', date: '2026-11-27' };
const evidence = { start: 0, end: 1, text: 'x' };
type Key = NonNullable<BuiltinSigmaInput['registryKeys']>[number];

const key = (path: string, value_name?: string, value_data?: string): Key => ({
  value: `HKLM\\${path}`,
  hive: 'HKLM',
  path,
  ...(value_name ? { value_name } : {}),
  ...(value_data ? { value_data, value_type: 'REG_DWORD' } : {}),
  evidence,
  confidence: 0.9,
});

const DEFENDER = 'SOFTWARE\\Policies\\Microsoft\\Windows Defender';
const KEYS: Key[] = [
  key(`${DEFENDER}\\Real-Time Protection`, 'DisableRealtimeMonitoring', '1'),
  key(`${DEFENDER}\\Real-Time Protection`, 'DisableBehaviorMonitoring', '1'),
  key(`${DEFENDER}\\Real-Time Protection`, 'DisableOnAccessProtection', '1'),
  key(`${DEFENDER}\\Spynet`, 'SpynetReporting', '0'),
  key('SYSTEM\\CurrentControlSet\\Services\\QuillGuard', 'Start', '4'),
  key('SYSTEM\\CurrentControlSet\\Services\\QuillFilter', 'Start', '4'),
  key('SYSTEM\\CurrentControlSet\\Services\\QuillNet', 'Start', '4'),
  key('SYSTEM\\CurrentControlSet\\Control\\WMI\\Autologger\\QuillTrace', 'Start', '0'),
  key('SOFTWARE\\Quill\\Agent', 'TamperLock', '0'),
  key('SOFTWARE\\Quill\\Agent', 'UiLock', '0'),
];

const registryRules = (keys: Key[]) =>
  generateBuiltinRules({ article, platform: 'windows', registryKeys: keys }).filter((draft) => draft.telemetryClass === 'registry_set');

// The aggregated observables keep one registry item per key path: the first value name quoted under it.
function aggregated(keys: Key[]) {
  const seen = new Map<string, Key>();
  for (const item of keys) if (!seen.has(item.value.toLowerCase())) seen.set(item.value.toLowerCase(), item);
  return [...seen.values()].map((item) => ({
    type: 'registry_key',
    value: item.value,
    attributes: { value_name: item.value_name ?? null, value_data: item.value_data ?? null, value_type: item.value_type ?? null },
  }));
}

describe('registry writes of one step are one rule', () => {
  const rules = registryRules(KEYS);
  const titled = (start: string) => rules.find((draft) => draft.rule.title.startsWith(start));

  it('writes one rule per step, named for the step, instead of one per value', () => {
    expect(rules.map((draft) => draft.rule.title).sort()).toEqual([
      'Event Tracing Autologger Disabled Through The Registry (QuillTrace)',
      'Microsoft Defender Protection Turned Off Through Policy Registry Values',
      'Registry Values TamperLock And UiLock Set Under Agent',
      'Services Disabled Through Their Start Registry Value (QuillGuard, QuillFilter And 1 More)',
    ]);
  });

  it('keeps each value with its own data, and the keys written alike in one selection', () => {
    const services = titled('Services Disabled')?.rule.detection;
    // Each value's own path from the segment after the control set, as Sysmon's TargetObject ends.
    expect(services?.['selection']).toEqual({
      'TargetObject|endswith': ['\\Services\\QuillGuard\\Start', '\\Services\\QuillFilter\\Start', '\\Services\\QuillNet\\Start'],
      Details: 'DWORD (0x00000004)',
    });
    const defender: Record<string, unknown> = titled('Microsoft Defender')?.rule.detection ?? {};
    expect(Object.keys(defender).filter((name) => name.startsWith('selection_'))).toHaveLength(4);
    expect(defender['condition']).toBe('1 of selection_*');
  });

  it('fires on the one value name per key the aggregated observables keep, and is valid', () => {
    const observables = aggregated(KEYS);
    for (const draft of rules) {
      const rule = draft.rule as unknown as Record<string, unknown>;
      expect(validateRuleDocument(rule).findings).toEqual([]);
      expect({ title: draft.rule.title, fires: selfTestRule(rule, observables).fires }).toEqual({ title: draft.rule.title, fires: true });
    }
  });

  it('does not join keys only named, without a value or data', () => {
    const titles = registryRules([key('SOFTWARE\\Quill\\Agent'), key('SOFTWARE\\Quill\\Updater')]).map((draft) => draft.rule.title);
    expect(titles.sort()).toEqual(['Registry Key Agent Set Under Quill', 'Registry Key Updater Set Under Quill']);
  });

  it('does not join keys whose values differ, nor a lone value with others', () => {
    const [lone] = registryRules([key('SOFTWARE\\Quill\\Agent', 'TamperLock', '0')]);
    expect(lone?.rule.title).toBe('Registry Value TamperLock Set Under Agent');
    const split = registryRules([
      key('SYSTEM\\CurrentControlSet\\Services\\QuillGuard', 'Start', '4'),
      key('SYSTEM\\CurrentControlSet\\Services\\QuillNet', 'Start', '3'),
    ]);
    expect(split).toHaveLength(2);
  });
});

describe('reg.exe commands and deletions', () => {
  const services = ['QuillGuard', 'QuillFilter', 'QuillNet', 'QuillBoot', 'QuillScan', 'QuillTray'];
  const commands = [
    ...services.map((name) => `reg add "HKLM\\SYSTEM\\CurrentControlSet\\Services\\${name}" /v Start /t REG_DWORD /d 4 /f`),
    'reg delete "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v "QuillTray" /f',
  ];
  const drafts = generateBuiltinRules({
    article,
    platform: 'windows',
    cmdlines: commands.map((value) => ({ value, executable: 'reg.exe', evidence, confidence: 0.9 })),
    registryKeys: [
      key('SYSTEM\\CurrentControlSet\\Services\\QuillGuard', 'Start', '4'),
      {
        ...key('Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'QuillTray'),
        value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
        hive: 'HKCU',
      },
    ],
  });
  const titles = drafts.map((draft) => draft.rule.title);

  it('titles reg.exe writes of a known step for the step, in one rule however many keys', () => {
    expect(titles).toContain('Services Disabled Through Their Start Value Via Reg.EXE');
    expect(titles.filter((title) => title.startsWith('Services Disabled Through Their Start Value'))).toHaveLength(1);
  });

  it('writes no Run key persistence rule for a value the commands delete, and tags the deletion as no persistence', () => {
    expect(titles.some((title) => title.startsWith('Run Key Persistence'))).toBe(false);
    const removed = drafts.find((draft) => draft.rule.title === 'Startup Entry Removed From A Run Key Via Reg.EXE');
    expect(removed?.rule.tags).not.toContain('attack.t1547.001');
  });

  it('matches a key the command named under a numbered control set, which Sysmon records as CurrentControlSet', () => {
    const rules = registryRules([
      key('SYSTEM\\ControlSet001\\Services\\QuillGuard', 'Start', '4'),
      key('SYSTEM\\CurrentControlSet\\Services\\QuillNet', 'Start', '4'),
    ]);
    const rule = rules[0]?.rule;
    expect(rule?.detection['selection']).toMatchObject({
      'TargetObject|endswith': ['\\Services\\QuillGuard\\Start', '\\Services\\QuillNet\\Start'],
    });
    const ran = (command: string) => selfTestRule(rule as NonNullable<typeof rule>, [{ type: 'cmdline', value: command }]).fires;
    expect(ran('reg add HKLM\\SYSTEM\\ControlSet001\\Services\\QuillGuard /v Start /t REG_DWORD /d 4 /f')).toBe(true);
    expect(ran('reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillGuard /v Start /t REG_DWORD /d 4 /f')).toBe(true);
    // Another value under the same service keys, or the service set to start, is not the step.
    expect(ran('reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillGuard /v ImagePath /d C:\\q.exe /f')).toBe(false);
    expect(ran('reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillGuard /v Start /t REG_DWORD /d 2 /f')).toBe(false);
  });
});
