import { launchedChildren } from './launched-children';
import { processEventOn } from './process-event';

const childrenOf = (commandLine: string) =>
  launchedChildren(processEventOn(true, commandLine, null)).map((event) => [event['Image'], event['CommandLine'], event['ParentImage']]);

describe('the child a local launcher starts', () => {
  it('starts the command after conhost’s own switches as conhost’s child, and what that command’s wrapper runs', () => {
    expect(childrenOf('conhost.exe --headless cmd /c C:\\Users\\Public\\run.exe -q')).toEqual([
      ['C:\\Windows\\System32\\cmd.exe', 'cmd /c C:\\Users\\Public\\run.exe -q', 'C:\\Windows\\System32\\conhost.exe'],
      ['C:\\Users\\Public\\run.exe', 'C:\\Users\\Public\\run.exe -q', 'C:\\Windows\\System32\\cmd.exe'],
    ]);
    // conhost with only its own switches starts nothing the line names.
    expect(childrenOf('conhost.exe 0xffffffff -ForceV1')).toEqual([]);
  });

  it('reads forfiles’ /c command, pcalua’s -a program and rundll32’s launching entry points', () => {
    expect(childrenOf('forfiles /p C:\\Windows\\System32 /m notepad.exe /c "C:\\Users\\Public\\run.exe"')).toEqual([
      ['C:\\Users\\Public\\run.exe', 'C:\\Users\\Public\\run.exe', 'C:\\Windows\\System32\\forfiles.exe'],
    ]);
    expect(childrenOf('pcalua.exe -a C:\\Users\\Public\\run.exe -c --quiet')[0]).toEqual([
      'C:\\Users\\Public\\run.exe',
      'C:\\Users\\Public\\run.exe --quiet',
      'C:\\Windows\\System32\\pcalua.exe',
    ]);
    expect(childrenOf('rundll32.exe url.dll,FileProtocolHandler C:\\Users\\Public\\run.exe')[0]?.[2]).toBe(
      'C:\\Windows\\System32\\rundll32.exe',
    );
    // Another rundll32 entry point runs the DLL's own code, no program it is given.
    expect(childrenOf('rundll32.exe C:\\Users\\Public\\a.dll,Start C:\\Users\\Public\\run.exe')).toEqual([]);
  });

  it('passes the launcher’s account on to its child', () => {
    const [child] = launchedChildren({
      ...processEventOn(true, 'conhost --headless C:\\Users\\Public\\run.exe', null),
      User: 'CONTOSO\\svc',
    });
    expect(child).toMatchObject({ User: 'CONTOSO\\svc', ParentUser: 'CONTOSO\\svc' });
  });
});
