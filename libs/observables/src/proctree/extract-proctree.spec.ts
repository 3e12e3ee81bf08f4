import { parseDocument } from '../text/document';
import { extractProcessPairs } from './extract-proctree';

const pairs = (text: string) => extractProcessPairs(parseDocument(text)).map((p) => p.value);

describe('extractProcessPairs', () => {
  it('reads every hop of an arrow chain', () => {
    expect(pairs('pcalua.exe -> powershell.exe -> WmiPrvSE.exe -> cmd.exe')).toEqual([
      'pcalua.exe -> powershell.exe',
      'powershell.exe -> WmiPrvSE.exe',
      'WmiPrvSE.exe -> cmd.exe',
    ]);
    expect(pairs('The actor uses cmd.exe > curl.exe to download it.')).toEqual(['cmd.exe -> curl.exe']);
  });

  it('reads active and passive creation sentences, normalising built-ins to .exe', () => {
    const text = 'winword.exe spawned powershell, which then launched rundll32.exe. The svchost.exe process was spawned by services.exe.';
    expect(pairs(text)).toEqual(['winword.exe -> powershell.exe', 'powershell.exe -> rundll32.exe', 'services.exe -> svchost.exe']);
  });

  it('spells curl as curl.exe only in an article about Windows', () => {
    expect(pairs('On the Mac, osascript spawned curl to fetch the second stage.')).toEqual(['osascript -> curl']);
    expect(pairs('On the host, cmd spawned curl; the dropper sat in C:\\Users\\Public.')).toEqual(['cmd.exe -> curl.exe']);
  });

  it('reads "X as a parent process for Y" and Unix images', () => {
    expect(pairs('Alert on pcalua.exe as a parent process for powershell.exe.')).toEqual(['pcalua.exe -> powershell.exe']);
    expect(pairs('Inside the container, sshd spawned bash, and bash launched wget.')).toEqual(['sshd -> bash', 'bash -> wget']);
  });

  it('names Office programs by their image when prose names the product', () => {
    expect(pairs('Word spawned PowerShell, which launched rundll32.exe.')).toEqual([
      'WINWORD.EXE -> PowerShell.exe',
      'PowerShell.exe -> rundll32.exe',
    ]);
  });

  it('reads ParentImage/Image telemetry blocks', () => {
    const text = 'ParentImage: C:\\Windows\\System32\\services.exe\nImage: C:\\Temp\\svc.exe\nCommandLine: C:\\Temp\\svc.exe -k';
    expect(pairs(text)).toEqual(['services.exe -> svc.exe']);
  });

  it('reads tree listings', () => {
    const text = 'explorer.exe\n└── wscript.exe\n    └── cmd.exe\n        ├── curl.exe\n        └── rundll32.exe';
    expect(pairs(text)).toEqual([
      'explorer.exe -> wscript.exe',
      'wscript.exe -> cmd.exe',
      'cmd.exe -> curl.exe',
      'cmd.exe -> rundll32.exe',
    ]);
  });

  it('infers nothing from scripts, lone command lines, self-hops or injection', () => {
    const text = [
      'mshta.exe launched evil.hta.',
      'cmd.exe /c whoami /all',
      'cmd.exe -> cmd.exe',
      'malware.exe injected into explorer.exe.',
      'email --> attached zip archive --> wscript.exe runs the file',
    ].join('\n');
    expect(pairs(text)).toEqual([]);
  });

  it('reads sentences wrapped over lines, commas around "in turn", gerunds and a second child after "and"', () => {
    expect(
      pairs('On Windows node.exe spawned cmd.exe, which in turn\nspawned schtasks.exe and, on elevated shells, powershell.exe. Later'),
    ).toEqual(['node.exe -> cmd.exe', 'cmd.exe -> schtasks.exe', 'cmd.exe -> powershell.exe']);
    expect(pairs('This shows up as node spawning sh, and sh running systemctl and crontab.')).toEqual([
      'node -> sh',
      'sh -> systemctl',
      'sh -> crontab',
    ]);
    expect(pairs('so cmd.exe, in turn, started powershell.exe for the download.')).toEqual(['cmd.exe -> powershell.exe']);
    // A paragraph break ends the statement.
    expect(pairs('The dropper spawned\n\npowershell.exe was seen later, cmd.exe too.')).toEqual([]);
  });

  it('reads a parenthetical before the verb, programs set as code and lists of children', () => {
    expect(
      pairs('More precisely, `Installer` (the launcher inside the DMG) spawned osascript, and osascript spawned curl, dscl and ditto.'),
    ).toEqual(['Installer -> osascript', 'osascript -> curl', 'osascript -> dscl', 'osascript -> ditto']);
    expect(pairs("The appliance's web server process (`web`) spawned sh, and sh spawned curl and then /tmp/rsync.")).toEqual([
      'web -> sh',
      'sh -> curl',
      'sh -> rsync',
    ]);
    // A list ends where a new statement begins.
    expect(pairs('cmd.exe spawned powershell.exe, svchost.exe launched rundll32.exe.')).toEqual([
      'cmd.exe -> powershell.exe',
      'svchost.exe -> rundll32.exe',
    ]);
  });

  it('reads "Y whose parent was X"', () => {
    expect(pairs('Rclone was started by a short-lived cmd.exe whose parent was wuauhelper.exe.')).toEqual(['wuauhelper.exe -> cmd.exe']);
  });

  it('accepts a program the article shows by an absolute path', () => {
    const text =
      'A reverse shell, `/dev/shm/.x/dbus-daemon-helper`, connected out.\n\nsshd spawned bash, and bash spawned dbus-daemon-helper.';
    expect(pairs(text)).toEqual(['sshd -> bash', 'bash -> dbus-daemon-helper']);
    expect(pairs('sshd spawned bash, and bash spawned dbus-daemon-helper.')).toEqual(['sshd -> bash']);
  });

  it('reads container runtime parents and utilities such as chroot', () => {
    expect(pairs('The sequence appeared as containerd-shim spawning bash, which spawned chroot.')).toEqual([
      'containerd-shim -> bash',
      'bash -> chroot',
    ]);
  });

  it('reads "the X process then started Y"', () => {
    expect(pairs('The PowerShell process then started AnyDesk.exe, which installed itself.')).toEqual(['PowerShell.exe -> AnyDesk.exe']);
  });

  it('takes no image from a command-line fragment in a Sigma selection', () => {
    const text =
      "detection:\n    selection_parent:\n        ParentImage|endswith: '\\cmd.exe'\n        ParentCommandLine|contains: 'node'\n    selection_child:\n        Image|endswith: '\\schtasks.exe'";
    expect(pairs(text)).toEqual(['cmd.exe -> schtasks.exe']);
  });

  it('reads "as a child (process) of", "launched from", "with X as the parent" and forks', () => {
    expect(pairs('The loader (acme.exe) executed as a child of services.exe.')).toEqual(['services.exe -> acme.exe']);
    expect(pairs('The child process, mshta.exe, was launched from outlook.exe.')).toEqual(['outlook.exe -> mshta.exe']);
    expect(pairs('Then rundll32.exe (PID 4411) was spawned by explorer.exe.')).toEqual(['explorer.exe -> rundll32.exe']);
    expect(pairs('We saw cmd.exe with wmiprvse.exe as the parent process.')).toEqual(['wmiprvse.exe -> cmd.exe']);
    expect(pairs('powershell.exe was executed with a parent process of wmiprvse.exe.')).toEqual(['wmiprvse.exe -> powershell.exe']);
    expect(pairs('The python3 process forked bash to run the payload.')).toEqual(['python3 -> bash']);
  });

  it('takes the child from the command a sentence shows after "a child process of X:"', () => {
    expect(pairs('In C:\\x the next command ran as a child process of AcmeHost.exe : vssadmin delete shadows /all /quiet')).toEqual([
      'AcmeHost.exe -> vssadmin.exe',
    ]);
    expect(pairs('It ran as a child process of AcmeHost.exe: the operator then left.')).toEqual([]);
  });

  it('reads auxiliaries before the verb, "via" and "through", and a child named after a comma', () => {
    expect(pairs('In the logs, wmiprvse.exe was observed spawning powershell.exe.')).toEqual(['wmiprvse.exe -> powershell.exe']);
    expect(pairs('Here sqlservr.exe is used to launch cmd.exe.')).toEqual(['sqlservr.exe -> cmd.exe']);
    expect(pairs('The macro dropped and executed loader.exe from %TEMP%; then excel.exe dropped and executed stage2.exe.')).toEqual([
      'excel.exe -> stage2.exe',
    ]);
    expect(pairs('Next, rundll32.exe was executed via mshta.exe on the host.')).toEqual(['mshta.exe -> rundll32.exe']);
    expect(pairs('The service host svchost.exe started a child process, dllhost.exe, soon after.')).toEqual(['svchost.exe -> dllhost.exe']);
  });

  it('reads "the parent of Y was X" and "Y (parent: X)"', () => {
    expect(pairs('The parent process of whoami.exe was w3wp.exe, the IIS worker.')).toEqual(['w3wp.exe -> whoami.exe']);
    expect(pairs('We then saw nltest.exe (parent process: cmd.exe) enumerate trusts.')).toEqual(['cmd.exe -> nltest.exe']);
  });

  it('strips markdown emphasis around names', () => {
    expect(pairs('**outlook.exe** spawned *mshta.exe*, which launched _powershell_.')).toEqual([
      'outlook.exe -> mshta.exe',
      'mshta.exe -> powershell.exe',
    ]);
  });

  it('reads arrow glyphs in chains and hook glyphs in trees, with quoted paths holding spaces', () => {
    expect(pairs('Chain: winword.exe ➔ cmd.exe ➜ certutil.exe')).toEqual(['winword.exe -> cmd.exe', 'cmd.exe -> certutil.exe']);
    const tree =
      '"C:\\Program Files\\Acme Web\\acmeweb.exe" -service\n  ⮡ cmd.exe /c whoami\n    ⮡ whoami.exe /all\n  ↳ powershell.exe -nop';
    expect(pairs(tree).sort()).toEqual(['acmeweb.exe -> cmd.exe', 'acmeweb.exe -> powershell.exe', 'cmd.exe -> whoami.exe']);
  });

  it('reads a table with a parent column and a process column, one pair a row', () => {
    const table = [
      '| Time | Parent Process | Process | Command line |',
      '|------|----------------|---------|--------------|',
      '| 10:01 | w3wp.exe | cmd.exe | cmd /c ipconfig |',
      '| 10:02 | `cmd.exe` | `nltest.exe` | nltest /dclist |',
      '| 10:03 | unknown | - | - |',
      '',
      '| Tool | Purpose |',
      '|---|---|',
      '| cmd.exe | powershell.exe |',
    ].join('\n');
    expect(pairs(table)).toEqual(['w3wp.exe -> cmd.exe', 'cmd.exe -> nltest.exe']);
  });

  it('reads "Y, a child process of X" and "X\'s child process Y"', () => {
    expect(pairs('We then saw whoami.exe, a child process of w3wp.exe, enumerate the user.')).toEqual(['w3wp.exe -> whoami.exe']);
    expect(pairs("Next, sqlservr.exe's child process cmd.exe wrote the file.")).toEqual(['sqlservr.exe -> cmd.exe']);
  });

  it("names a macOS bundle's executable by its path", () => {
    expect(pairs('Then /Users/Shared/AcmeHelper.app/Contents/MacOS/AcmeHelper spawned osascript to show the prompt.')).toEqual([
      'AcmeHelper -> osascript',
    ]);
  });

  it('reads a sentence whose subject is "the X binary" or "the X file", with adverbs and "went on to"', () => {
    expect(pairs('The dropper.exe binary was subsequently executed with mshta.exe as the parent process.')).toEqual([
      'mshta.exe -> dropper.exe',
    ]);
    expect(pairs('The stage2.exe file was executed via the explorer.exe process.')).toEqual(['explorer.exe -> stage2.exe']);
    expect(pairs('This cmd.exe process went on to spawn regsvr32.exe with a remote scriptlet.')).toEqual(['cmd.exe -> regsvr32.exe']);
    expect(pairs('On the Mac, the **qqz** binary was executed via bash after the lure.')).toEqual(['bash -> qqz']);
  });

  it('reads "the parent-child relationship between X and Y"', () => {
    expect(pairs('The parent-child relationship between WmiPrvSE.exe and powershell.exe points to remote WMI.')).toEqual([
      'WmiPrvSE.exe -> powershell.exe',
    ]);
  });

  it('takes the child of "The parent process was X" from the one image the previous sentence names', () => {
    expect(
      pairs('The Invoice.exe binary ran from the Downloads folder. The parent process was explorer.exe, so the user clicked it.'),
    ).toEqual(['explorer.exe -> Invoice.exe']);
    // Two images before: which one the parent belongs to is not said.
    expect(pairs('Both a.exe and b.exe ran from Downloads. The parent process was explorer.exe.')).toEqual([]);
  });

  it('reads "the malware" as the one image the previous sentence named, and a malware name tied to one image', () => {
    const text =
      'The actor deployed the Krypta scanner ( scan_x.exe ) on the file server. The malware was executed through a cmd.exe parent process. ' +
      'Later the Krypta scan_x.exe process ran again, and the rundll32.exe process spawned by Krypta wrote a file.';
    expect(pairs(text)).toEqual(['cmd.exe -> scan_x.exe', 'scan_x.exe -> rundll32.exe']);
  });

  it('reads the children a sentence lists after "child processes of X ... included"', () => {
    const text =
      'These commands were spawned as child processes of the loader.exe process and included whoami for identity, net group for groups, and ping for reachability.';
    expect(pairs(text)).toEqual(['loader.exe -> whoami.exe', 'loader.exe -> net.exe', 'loader.exe -> ping.exe']);
  });

  it('reads the parents a bullet list gives after "was executed via Y by three processes"', () => {
    const text = [
      'The **qqz** binary was executed via bash by two separate processes',
      '',
      '- **/Applications/Acme Editor.app/Contents/MacOS/acme-editor**',
      '- **/Applications/Term.app/Contents/MacOS/Term2.**',
    ].join('\n');
    expect(pairs(text)).toEqual(['acme-editor -> bash', 'Term2 -> bash', 'bash -> qqz']);
  });

  it('reads the commands of a block that follows "command execution through the X process ... the following commands:"', () => {
    const text = [
      'We see command execution through the `kworkerd` process. It runs the following commands every minute:',
      '',
      '```bash',
      'cat /dev/null',
      'shred -u /tmp/.x',
      '```',
    ].join('\n');
    expect(pairs(text)).toEqual(['kworkerd -> cat', 'kworkerd -> shred']);
  });

  it('reads event fields a page ran into one line, and a file written is not a process started', () => {
    expect(pairs('ParentImage: WmiPrvSE.exe Image: C:\\Windows\\System32\\cmd.exe CommandLine: cmd.exe /Q /c whoami')).toEqual([
      'WmiPrvSE.exe -> cmd.exe',
    ]);
    expect(pairs('Then explorer.exe created C:\\Users\\Public\\Music\\setup-x64.exe on disk.')).toEqual([]);
  });

  it('reads "Y\'s parent process was X", "X was the parent of Y", "Y is a child process of X" and "launching the binary Y"', () => {
    expect(pairs("Here powershell.exe's parent process was winword.exe.")).toEqual(['winword.exe -> powershell.exe']);
    expect(pairs('In this case winword.exe was the parent of cmd.exe.')).toEqual(['winword.exe -> cmd.exe']);
    expect(pairs('Note that cmd.exe is a child process of w3wp.exe.')).toEqual(['w3wp.exe -> cmd.exe']);
    expect(pairs('svchost.exe was observed launching the binary upd_x.exe.')).toEqual(['svchost.exe -> upd_x.exe']);
  });

  it('does not name a process by a word that only describes a binary, nor pair an image with the one that replaces it', () => {
    expect(pairs('services.exe launched the malicious service binary later.')).toEqual([]);
    expect(pairs('Any later launch of AgentSvc.exe starts systray.exe instead, which exits.')).toEqual([]);
  });

  it('reads "the X app spawned Y" and Java named as a product', () => {
    expect(pairs('The `AcmeSetup` app spawned `osascript` to show a prompt.')).toEqual(['AcmeSetup -> osascript']);
    expect(pairs('After the exploit, Java spawned /bin/sh to fetch the miner.')).toEqual(['java -> sh']);
  });

  it('reads a quoted child path with spaces, and bare Parent:/Child: fields', () => {
    expect(pairs('explorer.exe spawned "C:\\Program Files\\Acme Tools\\acme.exe" with no arguments.')).toEqual([
      'explorer.exe -> acme.exe',
    ]);
    expect(pairs('Parent: services.exe, Child: ACMESVC.exe')).toEqual(['services.exe -> ACMESVC.exe']);
    expect(pairs('Parent: the loader. Child: nothing.')).toEqual([]);
  });

  it('reads process ids and roles written after the hops of an arrow chain', () => {
    expect(pairs('explorer.exe (PID: 4120) -> cmd.exe (PID: 2236) -> powershell.exe (PID: 5520)')).toEqual([
      'explorer.exe -> cmd.exe',
      'cmd.exe -> powershell.exe',
    ]);
    expect(pairs('Chain: winword.exe [3100] → mshta.exe [2236]')).toEqual(['winword.exe -> mshta.exe']);
    expect(pairs('winword.exe (parent) → cmd.exe (child)')).toEqual(['winword.exe -> cmd.exe']);
    expect(pairs('The dropper.exe (sample) then > out.txt')).toEqual([]);
  });

  it('reads "the parent process was X and the child process was Y", "Y had a parent process of X" and "Y has X as its parent"', () => {
    expect(pairs('Here the parent process was outlook.exe and the child process was mshta.exe.')).toEqual(['outlook.exe -> mshta.exe']);
    expect(pairs('Sysmon showed that regsvr32.exe had a parent process of excel.exe.')).toEqual(['excel.exe -> regsvr32.exe']);
    expect(pairs('In each case certutil.exe has cmd.exe as its parent.')).toEqual(['cmd.exe -> certutil.exe']);
  });

  it('reads "used X to launch Y", "causes X to spawn Y", "X drops and executes Y" and "spawned a shell (Y)"', () => {
    expect(pairs('The operator used wmic.exe to launch powershell.exe on the host.')).toEqual(['wmic.exe -> powershell.exe']);
    expect(pairs('The macro causes WINWORD.EXE to spawn cmd.exe.')).toEqual(['WINWORD.EXE -> cmd.exe']);
    expect(pairs('Once run, setup.exe drops and executes updater.exe.')).toEqual(['setup.exe -> updater.exe']);
    expect(pairs('After the request, nginx spawned a shell (/bin/sh).')).toEqual(['nginx -> sh']);
    expect(pairs('The operator used powershell.exe to launch a script.')).toEqual([]);
  });

  it('reads "Y (child of X)" and "Y (spawned by X)", and never takes X as the subject of what Y did', () => {
    expect(pairs('Then cmd.exe (child of w3wp.exe) ran whoami.')).toEqual(['cmd.exe -> whoami.exe', 'w3wp.exe -> cmd.exe']);
    expect(pairs('We saw rundll32.exe (spawned by msiexec.exe) load the DLL.')).toEqual(['msiexec.exe -> rundll32.exe']);
    expect(pairs('Then cmd.exe, a child of w3wp.exe, ran whoami.')).toEqual(['w3wp.exe -> cmd.exe']);
    expect(pairs('The child process (cmd.exe) of w3wp.exe executed whoami.')).not.toContain('w3wp.exe -> whoami.exe');
  });

  it('takes the image in brackets, not the name before it, as the parent', () => {
    expect(pairs('The cron daemon (crond) spawned sh, which then executed the dropper.')).toEqual(['crond -> sh']);
    expect(pairs('Java (java.exe) spawning cmd.exe is suspicious.')).toEqual(['java.exe -> cmd.exe']);
  });

  it('reads trees drawn with "|--", and event fields as XML, ECS and snake_case names', () => {
    expect(pairs('explorer.exe\n|-- cmd.exe\n|   |-- powershell.exe')).toEqual(['explorer.exe -> cmd.exe', 'cmd.exe -> powershell.exe']);
    expect(pairs('<ParentImage>C:\\Windows\\explorer.exe</ParentImage>\n<Image>C:\\Windows\\System32\\cmd.exe</Image>')).toEqual([
      'explorer.exe -> cmd.exe',
    ]);
    expect(pairs('<Data Name="ParentImage">C:\\Windows\\explorer.exe</Data>\n<Data Name="Image">C:\\Temp\\a.exe</Data>')).toEqual([
      'explorer.exe -> a.exe',
    ]);
    expect(pairs('process.parent.name: "w3wp.exe"\nprocess.name: "cmd.exe"')).toEqual(['w3wp.exe -> cmd.exe']);
    expect(pairs('parent_process_name: sqlservr.exe\nprocess_name: cmd.exe')).toEqual(['sqlservr.exe -> cmd.exe']);
    expect(pairs('Parent Process: C:\\Windows\\explorer.exe\nProcess: C:\\Windows\\System32\\mshta.exe')).toEqual([
      'explorer.exe -> mshta.exe',
    ]);
    expect(pairs('Parent process: w3wp.exe, child process: cmd.exe')).toEqual(['w3wp.exe -> cmd.exe']);
  });

  it('reads chains whose hops carry their arguments, and only where every hop starts with an image', () => {
    expect(pairs('explorer.exe → cmd.exe /c start.bat → powershell.exe -nop')).toEqual([
      'explorer.exe -> cmd.exe',
      'cmd.exe -> powershell.exe',
    ]);
    expect(pairs('Process chain: mshta.exe → powershell.exe -w hidden')).toEqual(['mshta.exe -> powershell.exe']);
    expect(pairs('**winword.exe** → **cmd.exe**')).toEqual(['winword.exe -> cmd.exe']);
    expect(pairs('certutil.exe -decode a.txt → payload.exe')).toEqual([]);
    expect(pairs('The user runs setup.exe -> installs files -> reboots.')).toEqual([]);
  });

  it('reads the first run of a pstree line, and trees that write a process id before the image', () => {
    expect(pairs('```\nsystemd(1)───sshd(812)───bash(2212)───curl(2290)\n```')).toEqual([
      'systemd -> sshd',
      'sshd -> bash',
      'bash -> curl',
    ]);
    expect(pairs('php-fpm---sh---curl')).toEqual(['php-fpm -> sh', 'sh -> curl']);
    expect(pairs('```\n[4120] explorer.exe\n  [2236] cmd.exe /c start.bat\n    [5520] powershell.exe -nop\n```')).toEqual([
      'explorer.exe -> cmd.exe',
      'cmd.exe -> powershell.exe',
    ]);
  });

  it('reads "the execution of Y by X", "the parent of the malicious Y was X" and "Parent Image:" / "Parent: X | Child: Y" fields', () => {
    expect(pairs('This led to the execution of cmd.exe by w3wp.exe.')).toEqual(['w3wp.exe -> cmd.exe']);
    expect(pairs('The parent of the malicious mshta.exe was explorer.exe.')).toEqual(['explorer.exe -> mshta.exe']);
    expect(pairs('Parent Image: C:\\Windows\\System32\\cmd.exe\nImage: C:\\Windows\\System32\\reg.exe')).toEqual(['cmd.exe -> reg.exe']);
    expect(pairs('Parent: C:\\Windows\\System32\\cmd.exe | Child: C:\\Windows\\System32\\reg.exe')).toEqual(['cmd.exe -> reg.exe']);
  });

  it('spells an image as the article writes its file name when a later statement names the same pair', () => {
    expect(pairs('The actor uses mshta.exe to launch PowerShell. Chain: mshta.exe -> powershell.exe')).toEqual([
      'mshta.exe -> powershell.exe',
    ]);
  });

  it('reads programs shown by a path at a sentence end, "which had been spawned by X" and a Unix path in an image field', () => {
    expect(pairs('The miner (/tmp/.x/kdevtmpfsi) was spawned by /tmp/kinsing.')).toEqual(['kinsing -> kdevtmpfsi']);
    expect(pairs('The dropper was executed by bash, which had been spawned by sshd.')).toEqual(['sshd -> bash']);
    expect(pairs('Parent process: /usr/bin/python3\nProcess: /tmp/.cache/kworker')).toEqual(['python3 -> kworker']);
    expect(pairs('Parent process: /usr/bin/python3\nProcess: /tmp/.cache/run.sh')).toEqual([]);
  });

  it('reads tables kept without their bars and more names of the parent and process columns', () => {
    expect(pairs('Parent Process\tChild Process\tCommand Line\nw3wp.exe\tcmd.exe\tcmd /c whoami\ncmd.exe\twhoami.exe\twhoami')).toEqual([
      'w3wp.exe -> cmd.exe',
      'cmd.exe -> whoami.exe',
    ]);
    expect(pairs('Parent Process      Process Name      Count\nsqlservr.exe        cmd.exe           12')).toEqual([
      'sqlservr.exe -> cmd.exe',
    ]);
    expect(pairs('Parent Process      Process Name\nsqlservr.exe        cmd.exe        more.exe')).toEqual([]);
    expect(pairs('| Initiating Process | Process | Command |\n|---|---|---|\n| winword.exe | cmd.exe | cmd /c x |')).toEqual([
      'winword.exe -> cmd.exe',
    ]);
    expect(pairs('| Spawned Process | Parent Executable |\n|---|---|\n| rundll32.exe | explorer.exe |')).toEqual([
      'explorer.exe -> rundll32.exe',
    ]);
  });

  it('reads every image a list names before "were spawned by X", and no pair for the object of "the parent process of"', () => {
    expect(pairs('whoami.exe, net.exe and nltest.exe were spawned by cmd.exe.').sort()).toEqual([
      'cmd.exe -> net.exe',
      'cmd.exe -> nltest.exe',
      'cmd.exe -> whoami.exe',
    ]);
    expect(pairs('Both whoami.exe and net.exe were launched from cmd.exe.').sort()).toEqual([
      'cmd.exe -> net.exe',
      'cmd.exe -> whoami.exe',
    ]);
    expect(pairs('Persistence and net.exe were launched from cmd.exe.')).toEqual(['cmd.exe -> net.exe']);
    expect(pairs('cmd.exe, the parent process of whoami.exe, was started by w3wp.exe.')).not.toContain('w3wp.exe -> whoami.exe');
  });

  it('reads "Y (parent process X)" and "the parent process of Y was identified as X"', () => {
    expect(pairs('cmd.exe (parent process explorer.exe) ran the script.')).toEqual(['explorer.exe -> cmd.exe']);
    expect(pairs('The parent process for powershell.exe was identified as wmiprvse.exe.')).toEqual(['wmiprvse.exe -> powershell.exe']);
  });

  it('reads trees drawn with "+" bullets and, in a code block, a bare process id before the image', () => {
    expect(pairs('```\n+ explorer.exe\n  + cmd.exe\n    + powershell.exe\n```')).toEqual([
      'explorer.exe -> cmd.exe',
      'cmd.exe -> powershell.exe',
    ]);
    expect(pairs('```\n1234 explorer.exe\n  2345 cmd.exe\n```')).toEqual(['explorer.exe -> cmd.exe']);
    expect(pairs('1234 explorer.exe\n  2345 cmd.exe')).toEqual([]);
  });

  it('reads "Y was spawned by the malicious X"', () => {
    expect(pairs('osascript was spawned by the malicious Installer.app.')).toEqual(['Installer.app -> osascript']);
    expect(pairs('cmd.exe was spawned from the malicious document.')).toEqual([]);
  });

  it('reads the parent set first: "Spawned by X, Y …" and "Under X, Y was executed"', () => {
    expect(pairs('Spawned by w3wp.exe, cmd.exe wrote the web shell.')).toEqual(['w3wp.exe -> cmd.exe']);
    expect(pairs('Under wmiprvse.exe, powershell.exe was executed with an encoded command.')).toEqual(['wmiprvse.exe -> powershell.exe']);
    expect(pairs('Under Windows, cmd.exe was executed by the user.')).toEqual([]);
  });

  it('reads a subject set off by a phrase before its verb', () => {
    expect(pairs('WINWORD.EXE, the parent process, spawned cmd.exe.')).toEqual(['WINWORD.EXE -> cmd.exe']);
    expect(pairs('The w3wp.exe process, PID 4312, launched cmd.exe.')).toEqual(['w3wp.exe -> cmd.exe']);
    // The phrase is the subject here, not the image before it.
    expect(pairs('Using cmd.exe, the operator launched the payload.')).toEqual([]);
  });

  it('reads "the child process Y of X" and children named as plural child processes', () => {
    expect(pairs('The child process cmd.exe of w3wp.exe ran whoami.')).toContain('w3wp.exe -> cmd.exe');
    expect(pairs('cmd.exe and powershell.exe were child processes of w3wp.exe.').sort()).toEqual([
      'w3wp.exe -> cmd.exe',
      'w3wp.exe -> powershell.exe',
    ]);
  });

  it('reads children listed after "spawned child processes, including" and lists of file names', () => {
    expect(pairs('w3wp.exe spawned multiple child processes, including cmd.exe and powershell.exe.')).toEqual([
      'w3wp.exe -> cmd.exe',
      'w3wp.exe -> powershell.exe',
    ]);
    expect(pairs('Child processes of w3wp.exe included cmd.exe and powershell.exe.')).toEqual([
      'w3wp.exe -> cmd.exe',
      'w3wp.exe -> powershell.exe',
    ]);
  });

  it('reads a shell or a worker named with its noun', () => {
    expect(pairs('The bash shell spawned curl to fetch the script.')).toEqual(['bash -> curl']);
    expect(pairs('An nginx worker process spawned sh.')).toEqual(['nginx -> sh']);
  });
});
