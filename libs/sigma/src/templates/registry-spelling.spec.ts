import { keyAndValue, registryTarget, targetFields } from './registry-spelling';

describe('registry targets spelled as SigmaHQ spells TargetObject', () => {
  it('spells a product key as the product part and the value with its own key, whatever the hive', () => {
    const target = registryTarget('SOFTWARE\\Policies\\Quillsoft\\Quill Guard\\Live Shield', 'DisableShield');
    expect(target).toEqual({ contains: '\\Policies\\Quillsoft\\Quill Guard\\', endswith: '\\Live Shield\\DisableShield' });
    expect(registryTarget('HKEY_CURRENT_USER\\Software\\Policies\\Quillsoft\\Quill Guard\\Live Shield', 'DisableShield')).toEqual(target);
    expect(registryTarget('HKLM:\\SOFTWARE\\Quillsoft\\Quill Guard', 'TamperLock')).toEqual({
      contains: '\\Quillsoft\\Quill Guard\\',
      endswith: '\\TamperLock',
    });
  });

  it("spells Windows' own keys in full, the SYSTEM hive from after the control set and class keys from after Classes", () => {
    expect(registryTarget('HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'QuillTray')).toEqual({
      endswith: '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\QuillTray',
    });
    expect(registryTarget('SOFTWARE\\Wow6432Node\\Microsoft\\Windows\\CurrentVersion\\Run', 'QuillTray')).toEqual({
      endswith: '\\Microsoft\\Windows\\CurrentVersion\\Run\\QuillTray',
    });
    expect(registryTarget('HKLM\\SYSTEM\\ControlSet001\\Services\\QuillDrv', 'Start')).toEqual({ endswith: '\\Services\\QuillDrv\\Start' });
    expect(registryTarget('HKCR\\quillfile\\shell\\open\\command')).toEqual({ contains: '\\quillfile\\shell\\open\\command' });
    expect(registryTarget('HKCU\\Software\\Classes\\quillfile\\shell\\open\\command')).toEqual({
      contains: '\\quillfile\\shell\\open\\command',
    });
  });

  it('leaves out what varies between machines: SIDs, placeholders and wildcards', () => {
    expect(registryTarget('HKU\\S-1-5-21-1-2-3-1001\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'QuillTray')).toEqual({
      endswith: '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\QuillTray',
    });
    expect(registryTarget('HKCR\\*\\shellex\\ContextMenuHandlers\\QuillScan')).toEqual({
      contains: '\\shellex\\ContextMenuHandlers\\QuillScan',
    });
    expect(registryTarget('HKU\\<SID>\\Software\\Quillsoft\\{REDACTED}\\Config', 'Mode')).toEqual({
      containsAll: ['\\Software\\Quillsoft', '\\Config'],
      endswith: '\\Mode',
    });
  });

  it('matches values under a key that holds them, and a value named as a path as the key and the name', () => {
    expect(registryTarget('SOFTWARE\\Quillsoft\\Quill Guard\\Exclusions\\Paths')).toEqual({
      contains: '\\Quillsoft\\Quill Guard\\Exclusions\\Paths\\',
    });
    expect(targetFields(registryTarget('SOFTWARE\\Quillsoft\\Quill Guard\\Exclusions\\Paths', 'C:\\Quill\\q.exe'))).toEqual({
      'TargetObject|contains': '\\Quillsoft\\Quill Guard\\Exclusions\\Paths\\',
      'TargetObject|endswith': '\\C:\\Quill\\q.exe',
    });
    // A key that may itself be a value keeps no backslash after it.
    expect(registryTarget('SOFTWARE\\Quillsoft\\Quill Guard\\Agent\\QuietMode')).toEqual({
      contains: '\\Quillsoft\\Quill Guard\\Agent\\QuietMode',
    });
  });

  it('reads the value out of a path written through it', () => {
    const run = 'Software\\Microsoft\\Windows\\CurrentVersion\\Run';
    expect(keyAndValue(`${run}\\QuillTray`, undefined, false)).toEqual({ path: run, valueName: 'QuillTray' });
    expect(keyAndValue(`${run}\\QuillTray`, 'QuillTray', false)).toEqual({ path: run, valueName: 'QuillTray' });
    expect(keyAndValue('SYSTEM\\CurrentControlSet\\Control\\Quill\\QuietMode', undefined, true)).toEqual({
      path: 'SYSTEM\\CurrentControlSet\\Control\\Quill',
      valueName: 'QuietMode',
    });
    // Data stated for a command key is its unnamed value's; a key named alone stays a key.
    expect(keyAndValue('Software\\Classes\\quillfile\\shell\\open\\command', undefined, true)).toEqual({
      path: 'Software\\Classes\\quillfile\\shell\\open\\command',
    });
    expect(keyAndValue(run, undefined, true)).toEqual({ path: run });
    expect(keyAndValue('SOFTWARE\\Quillsoft\\Agent', undefined, false)).toEqual({ path: 'SOFTWARE\\Quillsoft\\Agent' });
  });
});
