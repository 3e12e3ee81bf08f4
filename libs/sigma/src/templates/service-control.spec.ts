import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { onlyControlled, serviceControl, taskOnlyOperated } from './service-control';

// An intruder stopping a security agent: synthetic examples, no fixture article.
const article = { title: 'Synthetic agent tampering note', url: 'https://notes.example.org/agent', date: '2026-11-26' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };
const cmdline = (value: string) => ({ ...item, value, executable: value.split(' ')[0] ?? value });
type Rule = { title: string; detection: Record<string, unknown>; tags: string[] };

function rules(input: Partial<BuiltinSigmaInput>) {
  return generateBuiltinRules({ article, platform: 'windows', ...input }).map((draft) => ({ draft, rule: draft.rule as unknown as Rule }));
}

describe('commands that stop, reconfigure or delete a service', () => {
  it('reads the action and the service from sc, net and the service cmdlets', () => {
    expect(serviceControl('sc stop QuillGuard')).toEqual({ verb: 'stop', name: 'QuillGuard' });
    expect(serviceControl('sc.exe \\\\FS07 config "QuillGuard" start= disabled')).toEqual({ verb: 'config', name: 'QuillGuard' });
    expect(serviceControl('net stop QuillGuard /y')).toEqual({ verb: 'stop', name: 'QuillGuard' });
    expect(serviceControl('Stop-Service -Name QuillGuard -Force')).toEqual({ verb: 'Stop-Service', name: 'QuillGuard' });
    expect(serviceControl('sc create QuillGuard binPath= C:\\q.exe')).toBeNull();
    expect(serviceControl('sc query QuillGuard')).toBeNull();
  });

  it('says a service was only controlled when no command creates it', () => {
    expect(onlyControlled('QuillGuard', ['whoami', 'sc stop QuillGuard'])).toBe(true);
    expect(onlyControlled('QuillGuard', ['sc create QuillGuard binPath= C:\\q.exe', 'sc stop QuillGuard'])).toBe(false);
    expect(onlyControlled('QuillGuard', ['New-Service -Name "QuillGuard" -BinaryPathName C:\\q.exe', 'Stop-Service QuillGuard'])).toBe(
      false,
    );
    expect(onlyControlled('QuillGuard', ['sc stop OtherAgent'])).toBe(false);
    // Through a wrapper, too: the command line model reads what cmd /c runs.
    expect(onlyControlled('QuillGuard', ['cmd /c "sc config QuillGuard start= disabled"'])).toBe(true);
  });

  it('says a service whose registry key the commands only change (Start = 4) was controlled, not installed', () => {
    const disable = String.raw`reg add "HKLM\SYSTEM\ControlSet001\Services\QuillFlt" /v "Start" /t REG_DWORD /d "4" /f`;
    expect(onlyControlled('QuillFlt', [disable])).toBe(true);
    expect(
      onlyControlled('QuillFlt', [
        String.raw`Set-ItemProperty -Path HKLM:\SYSTEM\CurrentControlSet\Services\QuillFlt -Name Start -Value 4`,
      ]),
    ).toBe(true);
    // Writing its ImagePath installs it; a key below the service's own (Parameters) or another service's key says nothing.
    const install = String.raw`reg add HKLM\SYSTEM\CurrentControlSet\Services\QuillFlt /v ImagePath /t REG_EXPAND_SZ /d C:\q.exe /f`;
    expect(onlyControlled('QuillFlt', [disable, install])).toBe(false);
    expect(
      onlyControlled('QuillFlt', [
        String.raw`reg add HKLM\SYSTEM\CurrentControlSet\Services\QuillFlt\Parameters /v ServiceDll /d C:\q.dll /f`,
      ]),
    ).toBe(false);
    expect(onlyControlled('QuillFlt', [String.raw`reg add HKLM\SYSTEM\CurrentControlSet\Services\QuillFltX /v Start /d 4 /f`])).toBe(false);
    expect(onlyControlled('QuillFlt', [String.raw`reg query HKLM\SYSTEM\CurrentControlSet\Services\QuillFlt /v Start`])).toBe(false);
  });

  it('writes a Service Stop rule on the verb and the name, and no installation rule for the stopped agent', () => {
    const drafted = rules({ cmdlines: [cmdline('sc stop QuillGuard')], services: [{ ...item, value: 'QuillGuard' }] });
    expect(drafted.map(({ draft }) => draft.telemetryClass)).toEqual(['process_creation']);
    expect(drafted[0]?.rule).toMatchObject({
      title: 'Service Stopped Via Sc.EXE',
      tags: ['attack.impact', 'attack.t1489'],
      detection: {
        selection_img: [{ 'Image|endswith': '\\sc.exe' }, { OriginalFileName: 'sc.exe' }],
        selection_cli: { 'CommandLine|contains|all': ['stop', 'QuillGuard'] },
      },
    });
  });

  it('keeps the installation rule of a service the article shows installed', () => {
    const drafted = rules({ cmdlines: [], services: [{ ...item, value: 'QuillGuard' }] });
    expect(drafted.map(({ rule }) => rule.title)).toEqual(['Service Installation Of QuillGuard']);
  });

  it('writes no task-creation rule for a built-in task the commands only start, and keeps one for a task they create', () => {
    const run = 'schtasks /run /tn \\Microsoft\\Windows\\QuillMaintenance\\QuillCleanup /I';
    expect(taskOnlyOperated('\\Microsoft\\Windows\\QuillMaintenance\\QuillCleanup', [run])).toBe(true);
    expect(taskOnlyOperated('QuillCleanup', ['schtasks /create /sc daily /tn QuillCleanup /tr C:\\q.exe', run])).toBe(false);
    expect(taskOnlyOperated('QuillCleanup', ['whoami'])).toBe(false);
    const task = { ...item, value: '\\Microsoft\\Windows\\QuillMaintenance\\QuillCleanup' };
    expect(rules({ cmdlines: [cmdline(run)], scheduledTasks: [task] }).map(({ draft }) => draft.telemetryClass)).toEqual([
      'process_creation',
    ]);
    expect(rules({ cmdlines: [], scheduledTasks: [task] }).map(({ draft }) => draft.telemetryClass)).toEqual(['scheduled_task_creation']);
  });
});
