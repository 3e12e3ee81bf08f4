import { compileRule } from '../evaluate/compile-rule';
import { selfTestRule } from '../evaluate/self-test';
import { validateRuleDocument } from '../validate/validate-rule';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';

// An intruder hiding a security product from the user, written for these tests: its context menu handler and its
// tray program's Run value deleted with reg.exe and PowerShell.
const article = { title: 'Synthetic tamper tool', url: 'https://notes.example.org/tamper', date: '2026-11-27' };
const command = (value: string) => ({
  value,
  executable: value.split(' ')[0] as string,
  evidence: { start: 0, end: 1, text: 'x' },
  confidence: 0.9,
});

const deletionRules = (lines: string[]) =>
  generateBuiltinRules({ article, platform: 'windows', cmdlines: lines.map(command) } as BuiltinSigmaInput).filter(
    (draft) => draft.rule.logsource.category === 'registry_delete',
  );

describe('registry deletions', () => {
  it('writes one registry_delete rule for the keys and values the commands delete, spelled without hive', () => {
    const [rule, ...others] = deletionRules([
      'reg delete "HKCR\\*\\shellex\\ContextMenuHandlers\\QuillScan" /f',
      'reg delete "HKCR\\Directory\\shellex\\ContextMenuHandlers\\QuillScan" /f',
      'powershell -c Remove-ItemProperty -Path "HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" -Name "QuillTray"',
    ]);
    expect(others).toEqual([]);
    expect(rule?.rule.detection).toEqual({
      condition: '1 of selection_*',
      // The wildcard class covers the Directory class's handler.
      selection_1: { EventType: 'DeleteKey', 'TargetObject|contains': '\\shellex\\ContextMenuHandlers\\QuillScan' },
      selection_2: { EventType: 'DeleteValue', 'TargetObject|endswith': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\QuillTray' },
    });
    expect(rule?.rule.title).toBe('Registry Entries QuillScan And QuillTray Deleted');
    expect(validateRuleDocument(rule?.rule as unknown as Record<string, unknown>).findings).toEqual([]);
  });

  it('fires on the deletion reg.exe makes, not on a write of the same value', () => {
    const line = 'reg delete HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run /v QuillTray /f';
    const [rule] = deletionRules([line]);
    const drafted = rule?.rule as unknown as Record<string, unknown>;
    expect(selfTestRule(drafted, [{ type: 'cmdline', value: line }]).fires).toBe(true);
    const deleted = {
      EventID: 12,
      EventType: 'DeleteValue',
      TargetObject: 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\QuillTray',
    };
    expect(compileRule(drafted).matches(deleted)).toBe(true);
    expect(compileRule(drafted).matches({ ...deleted, EventID: 13, EventType: 'SetValue' })).toBe(false);
  });

  it('fires on a deleted key, not on values group policy deletes and rewrites under it', () => {
    const line = 'reg delete "HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender" /f';
    const [rule] = deletionRules([line]);
    const drafted = rule?.rule as unknown as Record<string, unknown>;
    expect(selfTestRule(drafted, [{ type: 'cmdline', value: line }]).fires).toBe(true);
    const key = 'HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender';
    expect(compileRule(drafted).matches({ EventID: 12, EventType: 'DeleteKey', TargetObject: key })).toBe(true);
    expect(compileRule(drafted).matches({ EventID: 12, EventType: 'DeleteValue', TargetObject: `${key}\\DisableAntiSpyware` })).toBe(false);
  });

  it('writes none for a value the intruder writes and deletes again, nor for an elided key', () => {
    expect(
      deletionRules([
        'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v QuillTray /d C:\\q.exe /f',
        'reg delete HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v QuillTray /f',
        'reg delete "HKLM\\...\\Services\\QuillDrv" /f',
      ]),
    ).toEqual([]);
  });
});
