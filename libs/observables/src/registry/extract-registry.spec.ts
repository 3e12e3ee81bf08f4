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
    const text = ['HKEY_USERS\\<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', '    WinUpdt    REG_SZ    "C:\\x\\client32.exe"'].join('\n');
    expect(keys(text).map((k) => [k.path, k.value_name])).toEqual([['<SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'WinUpdt']]);
    // Prose after a key names no value, even when a later line looks like output.
    const prose = ['HKLM\\Software\\Foo was changed.', '    Bar    REG_SZ    x'].join('\n');
    expect(keys(prose).map((k) => k.value_name)).toEqual([undefined]);
  });

  it('keeps spaces inside key names and stops at the sentence', () => {
    const text = 'It set HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\sethc.exe to a debugger, and wrote HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\\Real-Time Protection (value 1). The attacker left.';
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
    expect(keys('The value was added to HKEY_USERS\\<USER SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run by the loader.').map((k) => k.value)).toEqual([
      'HKU\\<USER SID>\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
    ]);
    expect(keys('HKLM\\SOFTWARE\\Vendor Tools\\update agent\\Config').map((k) => k.value)).toEqual(['HKLM\\SOFTWARE\\Vendor Tools\\update agent\\Config']);
    expect(keys('HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Console\\ConsoleIME HKLM\\SOFTWARE\\WOW6432Node\\Run').map((k) => k.value)).toEqual([
      'HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Console\\ConsoleIME',
      'HKLM\\SOFTWARE\\WOW6432Node\\Run',
    ]);
  });
});
