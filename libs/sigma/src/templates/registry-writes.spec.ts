import {
  isWellKnownServiceKey,
  onlyDeleted,
  registryWrites,
  statedWrite,
  sysmonDetails,
  sysmonRendering,
  writtenData,
} from './registry-writes';

describe('registry values the commands write', () => {
  it('reads reg add and Set-ItemProperty / New-ItemProperty writes, through cmd /c', () => {
    expect(
      registryWrites([
        'cmd /c reg add "HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillSyncSvc" /v Start /t REG_DWORD /d 0x2 /f',
        "Set-ItemProperty -Path 'HKLM:\\SOFTWARE\\Policies\\Quill' -Name Enabled -Value 0",
        'New-ItemProperty -Path HKCU:\\Software\\Quill -Name Path -Value "C:\\Quill\\q.exe" -PropertyType String -Force',
        'reg add HKCU\\Software\\Quill /ve /d "default data" /f',
      ]),
    ).toEqual([
      { key: 'system\\currentcontrolset\\services\\quillsyncsvc', name: 'start', type: 'dword', data: '0x2' },
      { key: 'software\\policies\\quill', name: 'enabled', type: 'dword', data: '0' },
      { key: 'software\\quill', name: 'path', type: 'string', data: 'C:\\Quill\\q.exe' },
      { key: 'software\\quill', name: '', type: 'string', data: 'default data' },
    ]);
  });

  it('types data as reg.exe stores it: REG_SZ unless /t says otherwise, whether read from the command or the item', () => {
    const [write] = registryWrites(['reg add HKLM\\SOFTWARE\\Quill /v Level /d 4 /f']);
    expect(write).toEqual({ key: 'software\\quill', name: 'level', type: 'string', data: '4' });
    expect(statedWrite('4', 'REG_SZ')).toEqual({ type: 'string', data: '4' });
    // Prose states no type ("set Level to 4"): a number is taken as the DWORD it almost always is.
    expect(statedWrite('4', undefined)).toEqual({ type: 'dword', data: '4' });
    expect(registryWrites(['Set-ItemProperty HKLM:\\SOFTWARE\\Quill Level 4'])[0]?.type).toBe('dword');
  });

  it('sees writes and deletions through wrappers, and a data value computed at run time as none', () => {
    expect(registryWrites(['powershell -c "Set-ItemProperty -Path HKCU:\\Software\\Quill -Name Path -Value $env:TEMP"'])).toEqual([]);
    const lines = ['cmd /c "reg delete HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v QuillTray /f"'];
    expect(onlyDeleted(lines, 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'QuillTray')).toBe(true);
    expect(onlyDeleted(lines, 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', 'Other')).toBe(false);
  });

  it('matches the write to a key given with or without its hive and value name', () => {
    const lines = ['reg add "HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\WdNisSvc" /v Start /t REG_DWORD /d 4 /f'];
    expect(writtenData(lines, 'SYSTEM\\CurrentControlSet\\Services\\WdNisSvc\\Start')?.data).toBe('4');
    expect(writtenData(lines, 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\WdNisSvc', 'Start')?.data).toBe('4');
    expect(writtenData(lines, 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\WdNisSvc', 'Type')).toBeNull();
  });

  it('renders data as Sysmon writes Details', () => {
    expect(sysmonRendering({ type: 'dword', data: '4' })).toBe('DWORD (0x00000004)');
    expect(sysmonRendering({ type: 'qword', data: '0x100000002' })).toBe('QWORD (0x00000001-0x00000002)');
    expect(sysmonRendering({ type: 'binary', data: '01ff' })).toBe('Binary Data');
    expect(sysmonDetails({ type: 'dword', data: '1' })).toEqual({ exact: 'DWORD (0x00000001)' });
    expect(sysmonDetails({ type: 'string', data: '%LOCALAPPDATA%\\Quill\\q.exe --tray' })).toEqual({ contains: ['\\Quill\\q.exe --tray'] });
    expect(sysmonDetails({ type: 'binary', data: '01ff' })).toBeNull();
    expect(registryWrites(['reg add HKLM\\SOFTWARE\\Quill /v Groups /t REG_MULTI_SZ /d "QuillSvc" /f'])[0]?.type).toBe('binary');
  });

  it('knows the services every Windows machine writes the configuration of', () => {
    expect(isWellKnownServiceKey('HKLM\\SYSTEM\\CurrentControlSet\\Services\\wscsvc\\Start')).toBe(true);
    expect(isWellKnownServiceKey('SYSTEM\\ControlSet001\\Services\\Sense')).toBe(true);
    expect(isWellKnownServiceKey('HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillSyncSvc\\Start')).toBe(false);
    expect(isWellKnownServiceKey('HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run')).toBe(false);
  });
});
