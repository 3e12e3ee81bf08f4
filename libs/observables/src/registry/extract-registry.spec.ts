import { parseDocument } from '../text/document';
import { extractRegistryKeys, parseKey } from './extract-registry';

const keys = (text: string) => extractRegistryKeys(parseDocument(text));

describe('extractRegistryKeys', () => {
  it.each([
    ['HKEY_LOCAL_MACHINE\\SOFTWARE\\Foo', 'HKLM'],
    ['HKLM\\SOFTWARE\\Foo', 'HKLM'],
    ['HKLM:\\SOFTWARE\\Foo', 'HKLM'],
    ['Registry::HKEY_LOCAL_MACHINE\\SOFTWARE\\Foo', 'HKLM'],
    ['\\REGISTRY\\MACHINE\\SOFTWARE\\Foo', 'HKLM'],
    ['HKEY_CURRENT_USER\\SOFTWARE\\Foo', 'HKCU'],
    ['HKCU:\\SOFTWARE\\Foo', 'HKCU'],
    ['HKEY_CLASSES_ROOT\\SOFTWARE\\Foo', 'HKCR'],
    ['HKEY_USERS\\SOFTWARE\\Foo', 'HKU'],
    ['HKEY_CURRENT_CONFIG\\SOFTWARE\\Foo', 'HKCC'],
    ['HKLM\\\\SOFTWARE\\\\Foo', 'HKLM'],
  ])('normalises the hive of %s', (text, hive) => {
    const [item] = keys(`Key ${text} was written.`);
    expect(item.hive).toBe(hive);
    expect(item.value).toBe(`${hive}\\SOFTWARE\\Foo`);
    expect(item.evidence.text).toBe(text);
  });

  it('reads reg.exe and PowerShell value names', () => {
    const text = [
      'reg add "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v Updater /d x /f',
      'New-ItemProperty -Path "HKLM:\\SYSTEM\\CurrentControlSet\\Services\\evil" -Name ImagePath -Value x',
    ].join('\n');
    expect(keys(text).map((k) => [k.value, k.value_name])).toEqual([
      ['HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'Updater'],
      ['HKLM\\SYSTEM\\CurrentControlSet\\Services\\evil', 'ImagePath'],
    ]);
  });

  it('reads the value name reg query prints under its key', () => {
    const text = [
      'HKEY_USERS\\<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      '    WinUpdt    REG_SZ    "C:\\x\\client32.exe"',
    ].join('\n');
    expect(keys(text).map((k) => [k.path, k.value_name])).toEqual([
      ['<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'WinUpdt'],
    ]);
    // Prose after a key names no value, even when a later line looks like output.
    const prose = ['HKLM\\Software\\Foo was changed.', '    Bar    REG_SZ    x'].join('\n');
    expect(keys(prose).map((k) => k.value_name)).toEqual([undefined]);
  });

  it('keeps spaces inside key names and stops at the sentence', () => {
    const text =
      'It set HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe to a debugger, and wrote HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\\Real-Time Protection (value 1). The attacker left.';
    expect(keys(text).map((k) => k.value)).toEqual([
      'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe',
      'HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\\Real-Time Protection',
    ]);
  });

  it('reads hive-less paths as publishers write them', () => {
    const [item] = keys('  -- Software\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDriveSetup');
    expect(item).toMatchObject({ value: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run\\OneDriveSetup', hive: null });
  });

  it('ignores a hive alone, file paths and duplicates', () => {
    const text = 'Check HKCU. The file C:\\Software\\Microsoft\\x.exe. HKCU\\Software\\A\\B and hkcu\\software\\a\\b.';
    expect(keys(text).map((k) => k.value)).toEqual(['HKCU\\Software\\A\\B']);
  });

  it('parseKey refuses text that is not a key', () => {
    expect(parseKey('HKXX\\Software')).toBeNull();
    expect(parseKey('justaword')).toBeNull();
  });

  it('reads placeholder hives and SIDs, spaces inside key names, and two keys on one line apart', () => {
    expect(keys('<HKCU>\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Advanced').map((k) => k.value)).toEqual([
      'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\Advanced',
    ]);
    expect(
      keys('The value was added to HKEY_USERS\\<USER SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run by the loader.').map(
        (k) => k.value,
      ),
    ).toEqual(['HKU\\<USER SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run']);
    expect(keys('HKLM\\SOFTWARE\\Vendor Tools\\update agent\\Config').map((k) => k.value)).toEqual([
      'HKLM\\SOFTWARE\\Vendor Tools\\update agent\\Config',
    ]);
    expect(
      keys('HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Console\\ConsoleIME HKLM\\SOFTWARE\\WOW6432Node\\Run').map(
        (k) => k.value,
      ),
    ).toEqual(['HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Console\\ConsoleIME', 'HKLM\\SOFTWARE\\WOW6432Node\\Run']);
  });
});

describe('extractRegistryKeys: the data a value was set to', () => {
  const data = (text: string) => keys(text).map((k) => [k.value, k.value_name, k.value_data, k.value_type]);
  const WD = 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\WinDefend';

  it('reads reg add /v /t /d, quoted data and escaped quotes included', () => {
    expect(data(`reg add "${WD}" /v Start /t REG_DWORD /d 4 /f`)).toEqual([[WD, 'Start', '4', 'REG_DWORD']]);
    expect(data('reg.exe add HKCU\\Software\\Acme\\Run /v Updater /d "\\"C:\\Users\\Public\\up.exe\\" -q" /f')).toEqual([
      ['HKCU\\Software\\Acme\\Run', 'Updater', '"C:\\Users\\Public\\up.exe" -q', 'REG_SZ'],
    ]);
    // reg add writes REG_SZ unless /t says otherwise: a bare number is the string "4", not a DWORD.
    expect(data('reg add HKLM\\SOFTWARE\\Acme /v Level /d 4 /f')).toEqual([['HKLM\\SOFTWARE\\Acme', 'Level', '4', 'REG_SZ']]);
    // Set-ItemProperty keeps the value's existing type: the command states none.
    expect(data('Set-ItemProperty -Path HKLM:\\SOFTWARE\\Acme -Name Level -Value 4')).toEqual([
      ['HKLM\\SOFTWARE\\Acme', 'Level', '4', undefined],
    ]);
    // A reg add inside a quoted cmd /c line escapes its quotes.
    expect(data('cmd.exe /c "reg add HKCU\\Software\\Acme\\Run /v Svc /t REG_EXPAND_SZ /d \\"%APPDATA%\\svc.exe\\" /f"')).toEqual([
      ['HKCU\\Software\\Acme\\Run', 'Svc', '%APPDATA%\\svc.exe', 'REG_EXPAND_SZ'],
    ]);
    // Inside inline code in prose, too.
    expect(data('Then `reg add "HKLM\\SOFTWARE\\Acme" /v Mode /t REG_DWORD /d 0x2 /f` ran.')).toEqual([
      ['HKLM\\SOFTWARE\\Acme', 'Mode', '0x2', 'REG_DWORD'],
    ]);
  });

  it('reads Set-ItemProperty / New-ItemProperty -Name -Value [-Type | -PropertyType], in any order', () => {
    expect(data('Set-ItemProperty -Path "HKLM:\\SOFTWARE\\Acme\\Agent" -Name Enabled -Value 0 -Type DWord')).toEqual([
      ['HKLM\\SOFTWARE\\Acme\\Agent', 'Enabled', '0', 'REG_DWORD'],
    ]);
    expect(data("New-ItemProperty -Path HKCU:\\Software\\Acme -PropertyType String -Value 'C:\\x\\a.exe' -Name Loader")).toEqual([
      ['HKCU\\Software\\Acme', 'Loader', 'C:\\x\\a.exe', 'REG_SZ'],
    ]);
    // The data of the command after a `;` is that command's, not the first one's.
    expect(
      data(
        'New-ItemProperty -Path HKCU:\\Software\\Acme\\A -Name First -Value "" ; Set-ItemProperty HKLM:\\SOFTWARE\\Acme\\B -Name Second -Value 2',
      ),
    ).toEqual([
      ['HKCU\\Software\\Acme\\A', 'First', undefined, undefined],
      ['HKLM\\SOFTWARE\\Acme\\B', 'Second', '2', undefined],
    ]);
  });

  it('takes no data a command computes at run time, nor from commands that write nothing', () => {
    expect(data('Set-ItemProperty -Path HKLM:\\SOFTWARE\\Acme -Name Blob -Value $payload')).toEqual([
      ['HKLM\\SOFTWARE\\Acme', 'Blob', undefined, undefined],
    ]);
    expect(data('Set-ItemProperty -Path HKLM:\\SOFTWARE\\Acme -Name Blob -Value ([byte[]](1,2))')).toEqual([
      ['HKLM\\SOFTWARE\\Acme', 'Blob', undefined, undefined],
    ]);
    expect(data(`reg query ${WD} /v Start`)).toEqual([[WD, 'Start', undefined, undefined]]);
    expect(data(`reg delete ${WD} /v Start /f`)).toEqual([[WD, 'Start', undefined, undefined]]);
  });

  it('reads reg query output, a .reg export and a table row that give name, type and data', () => {
    expect(data(`${WD}\n    Start    REG_DWORD    0x4\n    Type    REG_DWORD    0x10`)).toEqual([[WD, 'Start', '0x4', 'REG_DWORD']]);
    expect(data('[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Acme Shield]\n"DisableShield"=dword:00000001')).toEqual([
      ['HKLM\\SOFTWARE\\Policies\\Acme Shield', 'DisableShield', '0x00000001', 'REG_DWORD'],
    ]);
    expect(data(`| ${WD} | Start | REG_DWORD | 4 |`)).toEqual([[WD, 'Start', '4', 'REG_DWORD']]);
    // A row without a REG_* type cell is not read: which column is the data would be a guess.
    expect(data(`| ${WD} | Start | 4 |`)).toEqual([[WD, undefined, undefined, undefined]]);
  });

  it.each([
    [`The actor set the Start value under ${WD} to 4, disabling Defender.`, 'Start', '4'],
    [`They changed \`Start\` from 2 to 4 in ${WD}.`, 'Start', '4'],
    [`The Start value of ${WD} was set to 4 on two hosts.`, 'Start', '4'],
    [`Under HKLM\\SOFTWARE\\Policies\\Acme the loader wrote DisableShield = 1.`, 'DisableShield', '1'],
    [`HKLM\\SOFTWARE\\Policies\\Acme received a value of 1 for DisableShield.`, 'DisableShield', '1'],
    [`It wrote HKLM\\SOFTWARE\\Policies\\Acme with a DisableShield DWORD value of 0x1.`, 'DisableShield', '0x1'],
    [`The dropper writes "C:\\ProgramData\\a.exe" to the Loader value of HKCU\\Software\\Acme.`, 'Loader', 'C:\\ProgramData\\a.exe'],
  ])('reads the data prose ties to a value name: %s', (text, name, value) => {
    const [item] = keys(text);
    expect([item.value_name, item.value_data]).toEqual([name, value]);
  });

  it('reads prose data for a path written through to its value, over a hard-wrapped line', () => {
    expect(data(`The malware set ${WD}\\Start to 4.`)).toEqual([[`${WD}\\Start`, undefined, '4', undefined]]);
    expect(data(`Next, the operator set the Start value under\n${WD} to 0x4 (disabled).`)).toEqual([[WD, 'Start', '0x4', undefined]]);
    expect(data(`The value ${WD}\\Start was changed from 2 to 4.`)).toEqual([[`${WD}\\Start`, undefined, '4', undefined]]);
  });

  it.each([
    `Writing ${WD}\\Start raises event ID 4657 on 2 hosts.`,
    `We saw ${WD} modified on 2 hosts running version 4.18.2.`,
    `The Version value under HKLM\\SOFTWARE\\Acme was set to 5.2.1.`,
    `The Start value under ${WD} was set to 4 hosts later.`,
    `The operator set the value under ${WD} to 4.`,
    `It set Start to 4 and Type to 16 under ${WD}, and DelayedAutostart = 0.`,
    `They set Start under ${WD} to 4 and Start under HKLM\\SYSTEM\\CurrentControlSet\\Services\\Sense to 3.`,
    `The threshold under HKLM\\SOFTWARE\\Acme was set to 4.`,
    `\`\`\`\nStart = 4 in ${WD}\n\`\`\``,
  ])('states no data when the link is not unambiguous: %s', (text) => {
    expect(keys(text).map((k) => k.value_data)).toEqual(keys(text).map(() => undefined));
  });

  it('keeps the data of one value to that value', () => {
    // The item already names a value (reg add /v), and the sentence speaks of another one.
    expect(data(`reg add ${WD} /v Start /f\n\nThe Type value under ${WD} was set to 16.`)).toEqual([
      [WD, 'Start', undefined, undefined],
      [WD, 'Type', '16', undefined],
    ]);
  });

  it('takes the data another mention of the key states, and none when mentions disagree', () => {
    expect(data(`reg add ${WD} /v Start /f\n\nIn short, ${WD} /v Start was set to 4 on the host.`)[0]).toEqual([
      WD,
      'Start',
      '4',
      undefined,
    ]);
    expect(data(`reg add "${WD}" /v Start /t REG_DWORD /d 4 /f\nreg add "${WD}" /v Start /t REG_DWORD /d 2 /f`)).toEqual([
      [WD, 'Start', undefined, undefined],
    ]);
  });

  it('ends a key with spaces before a field label a page ran into it', () => {
    const text = 'Shared Goal -DisableX $true Key: HKLM\\Software\\Policies\\Acme\\Real-Time Guard Value: DisableX is set to 1';
    expect(extractRegistryKeys(parseDocument(text)).map((k) => k.value)).toEqual(['HKLM\\Software\\Policies\\Acme\\Real-Time Guard']);
  });

  it('reads the value a sentence names before the key and the program it starts, or the data stated after the key', () => {
    const run = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';
    const [named] = keys(`The tool adds a value named \`QuillTray\` under ${run} that launches C:\\Users\\Public\\quill.exe at logon.`);
    expect(named).toMatchObject({ value: run, value_name: 'QuillTray', value_data: 'C:\\Users\\Public\\quill.exe' });
    const [written] = keys(`It also writes ${run}\\QuillHelper with the data "%APPDATA%\\Quill\\qh.exe".`);
    expect(written).toMatchObject({ value: `${run}\\QuillHelper`, value_data: '%APPDATA%\\Quill\\qh.exe' });
    // A sentence naming no program leaves the key without data.
    expect(keys(`The tool adds a value named QuillTray under ${run} to persist.`)[0]?.value_data).toBeUndefined();
  });
});
