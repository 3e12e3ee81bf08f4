import { parseDocument } from '../text/document';
import { extractScheduledTasks } from './extract-scheduled-tasks';

const tasks = (text: string) => extractScheduledTasks(parseDocument(text));

describe('extractScheduledTasks', () => {
  it('reads schtasks /create with /tn and /tr in any order', () => {
    const text = 'schtasks.exe /Create /F /SC ONLOGON /TN "\\Microsoft\\Windows\\WinSAT Refresh" /TR "C:\\x.exe --silent"';
    expect(tasks(text)).toEqual([
      expect.objectContaining({ value: '\\Microsoft\\Windows\\WinSAT Refresh', command: 'C:\\x.exe --silent', confidence: 0.95 }),
    ]);
  });

  it('merges /run of the same task and reads Register-ScheduledTask', () => {
    const text =
      'schtasks /create /tn Updater /tr c:\\u.exe /sc daily\nschtasks /run /tn updater\nRegister-ScheduledTask -TaskName "EdgeUpdateX" -Action (New-ScheduledTaskAction -Execute "C:\\e.exe")';
    expect(tasks(text).map((t) => [t.value, t.command ?? null])).toEqual([
      ['Updater', 'c:\\u.exe'],
      ['EdgeUpdateX', 'C:\\e.exe'],
    ]);
  });

  it('reads Task Name fields and prose', () => {
    const text = 'Task Name: \\GoogleUpdateTaskUserS-1-5-21\nThe loader creates a scheduled task named "OneDrive Sync".';
    expect(tasks(text).map((t) => t.value)).toEqual(['\\GoogleUpdateTaskUserS-1-5-21', 'OneDrive Sync']);
  });

  it('needs a task name', () => {
    expect(tasks('The actor used schtasks /query to list tasks and created a scheduled task for persistence.')).toEqual([]);
  });
  it('reads Task Name fields to the end of the line, task files under System32\\Tasks and the URI of task XML', () => {
    const text = [
      'Task Name:  \\OneDrive Reporting Task-S-1-5-21-3379904212',
      'Subject:    HOST\\jdoe',
      'The file `C:\\Windows\\System32\\Tasks\\Microsoft\\Windows\\Orchestrator\\USO_Refresh` was replaced.',
      '<RegistrationInfo><URI>\\Vendor\\Updater Task</URI></RegistrationInfo>',
    ].join('\n');
    expect(tasks(text).map((t) => t.value)).toEqual([
      '\\OneDrive Reporting Task-S-1-5-21-3379904212',
      '\\Microsoft\\Windows\\Orchestrator\\USO_Refresh',
      '\\Vendor\\Updater Task',
    ]);
  });

  it('reads a BITS job named for persistence, and not one the C2 only transfers through', () => {
    const names = (text: string) => tasks(text).map((t) => t.value);
    expect(names('The backdoor gains persistence via a BITS job named ```Acme Updater``` whose notify command runs it.')).toEqual([
      'Acme Updater',
    ]);
    expect(names('Results are mapped to a BITS upload job called `WU Sync Upload` and sent out.')).toEqual([]);
  });

  it('reads a task path or quoted name after "scheduled task", an appositive name and a backticked one', () => {
    const names = (text: string) => tasks(text).map((t) => t.value);
    expect(names('Persistence is achieved via the scheduled task \\Acme\\Windows\\Orchestrator\\Refresh2.')).toEqual([
      '\\Acme\\Windows\\Orchestrator\\Refresh2',
    ]);
    expect(names('The scheduled task "WinDefCheck" executes C:\\Users\\Public\\run.bat daily.')).toEqual(['WinDefCheck']);
    expect(names('Then a new scheduled task, SystemHealthMonitor, was added.')).toEqual(['SystemHealthMonitor']);
    expect(names('They registered a task named `AcmeUpdateCore` that runs at logon.')).toEqual(['AcmeUpdateCore']);
    expect(names('Then a new scheduled task, however, was added.')).toEqual([]);
  });
});
