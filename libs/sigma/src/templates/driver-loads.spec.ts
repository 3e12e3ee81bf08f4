import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { driverImage, installedDrivers } from './driver-loads';

const article = { title: 'Quill intrusion notes', url: 'https://notes.example.org/quill', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };

describe('driver-load rules on the kernel drivers the commands install', () => {
  it('reads the driver of sc create and New-Service, not a service running a program', () => {
    const lines = [
      'sc.exe create QuillDrv binPath= C:\\Windows\\Temp\\quilldrv.sys type= kernel start= auto',
      'New-Service -Name QuillFlt -BinaryPathName "C:\\ProgramData\\Quill\\quillflt.sys"',
      'sc create QuillSvc binPath= C:\\ProgramData\\Quill\\quill.exe',
      'sc start QuillDrv',
      'reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillKd /v ImagePath /t REG_EXPAND_SZ /d "\\??\\C:\\Users\\Public\\quillkd.sys" /f',
      'reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillKd /v Start /t REG_DWORD /d 3 /f',
    ].map((commandLine) => ({ product: 'windows' as const, commandLine }));
    expect(installedDrivers(lines)).toEqual(['quilldrv.sys', 'quillflt.sys', 'quillkd.sys']);
    expect(driverImage('\\??\\C:\\Drivers\\q.sys')).toBe('C:\\Drivers\\q.sys');
    expect(driverImage('q.sys')).toBe('C:\\Windows\\System32\\drivers\\q.sys');
  });

  it('keys the driver load on the file name, and fires on the install the article shows, not on another driver', () => {
    const value = 'sc create QuillDrv binPath= C:\\Users\\Public\\quilldrv.sys type= kernel';
    const rules = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [{ evidence, confidence: 0.9, value, executable: 'sc' }],
    });
    const rule = rules.find((draft) => draft.telemetryClass === 'driver_load');
    expect(rule?.rule.logsource).toEqual({ category: 'driver_load', product: 'windows' });
    expect(rule?.rule.detection['selection']).toEqual({ 'ImageLoaded|endswith': '\\quilldrv.sys' });
    const test = selfTestRule(rule?.rule as unknown as Record<string, unknown>, [{ type: 'cmdline', value }]);
    expect(test.fires).toBe(true);
    expect(test.baseline?.fires).toBe(0);
    const other = 'sc create Other binPath= C:\\Users\\Public\\otherdrv.sys type= kernel';
    expect(selfTestRule(rule?.rule as unknown as Record<string, unknown>, [{ type: 'cmdline', value: other }]).fires).toBe(false);
  });
});
