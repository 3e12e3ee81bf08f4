import { compileRule } from './compile-rule';
import { RuleCompileError, type MatchOptions } from './compile-item';
import type { SigmaEvent } from './event-fields';

/** A minimal rule around one detection body (indented YAML lines under `detection:`). */
function rule(detection: string): string {
  return `title: Case\nlogsource: {category: process_creation, product: windows}\ndetection:\n${detection}`;
}

function matches(detection: string, event: SigmaEvent, options?: MatchOptions): boolean {
  return compileRule(rule(detection), options).matches(event);
}

const one = (field: string, value: string): string => `  sel:\n    ${field}: ${value}\n  condition: sel\n`;

describe('compileRule: values and wildcards', () => {
  it('compares a plain value with the whole field, folding case (Unicode too)', () => {
    expect(matches(one('Image', "'C:\\Windows\\System32\\certutil.exe'"), { Image: 'c:\\windows\\system32\\CERTUTIL.EXE' })).toBe(true);
    expect(matches(one('Image', "'certutil.exe'"), { Image: 'C:\\Windows\\certutil.exe' })).toBe(false);
    expect(matches(one('User', "'ÖSTERREICH\\Jörg'"), { User: 'österreich\\JÖRG' })).toBe(true);
  });

  it('reads * and ? as wildcards and \\* \\? \\\\ as literals; a lone backslash is literal', () => {
    expect(matches(one('CommandLine', "'* -enc *'"), { CommandLine: 'powershell.exe -enc SQBFAFgA' })).toBe(true);
    expect(matches(one('CommandLine', "'a?c'"), { CommandLine: 'a🔥c' })).toBe(true);
    expect(matches(one('CommandLine', "'a\\*c'"), { CommandLine: 'abc' })).toBe(false);
    expect(matches(one('CommandLine', "'a\\*c'"), { CommandLine: 'a*c' })).toBe(true);
    expect(matches(one('Path', "'C:\\\\*'"), { Path: 'C:\\Users' })).toBe(true);
    expect(matches(one('Path', "'C:\\Temp'"), { Path: 'C:\\Temp' })).toBe(true);
  });

  it('matches numbers, numeric strings, booleans and null by value', () => {
    expect(matches(one('EventID', '4688'), { EventID: '4688' })).toBe(true);
    expect(matches(one('EventID', '4688'), { EventID: 4689 })).toBe(false);
    expect(matches(one('Port', "'4?'"), { Port: 43 })).toBe(true);
    expect(matches(one('Elevated', 'true'), { Elevated: 'True' })).toBe(true);
    expect(matches(one('CommandLine', 'null'), { CommandLine: null })).toBe(true);
    expect(matches(one('CommandLine', 'null'), { CommandLine: '' })).toBe(false);
    expect(matches(one('CommandLine', 'null'), {})).toBe(true);
  });

  it('ORs list values, ANDs them with |all, and ORs maps in a list', () => {
    const list = `  sel:\n    CommandLine|contains:\n      - ' -nop '\n      - ' -w hidden '\n  condition: sel\n`;
    expect(matches(list, { CommandLine: 'powershell -w hidden -c x' })).toBe(true);
    const all = list.replace('contains:', 'contains|all:');
    expect(matches(all, { CommandLine: 'powershell -w hidden -c x' })).toBe(false);
    expect(matches(all, { CommandLine: 'powershell -nop -w hidden -c x' })).toBe(true);
    const maps = `  sel:\n    - Image|endswith: '\\rundll32.exe'\n    - OriginalFileName: RUNDLL32.EXE\n  condition: sel\n`;
    expect(matches(maps, { OriginalFileName: 'RUNDLL32.EXE', Image: 'C:\\x\\renamed.exe' })).toBe(true);
  });

  it('finds dotted names as flat keys first, then as nested paths, and any array element', () => {
    expect(matches(one('process.command_line|contains', 'whoami'), { process: { command_line: 'cmd /c whoami' } })).toBe(true);
    expect(matches(one('winlog.event_data.Image|endswith', 'x.exe'), { 'winlog.event_data.Image': 'C:\\x.exe' })).toBe(true);
    expect(matches(one('tags', 'persistence'), { tags: ['discovery', 'persistence'] })).toBe(true);
  });
});

describe('compileRule: modifiers', () => {
  it('anchors with contains, startswith and endswith; |cased compares case', () => {
    expect(matches(one('Image|startswith', "'C:\\Users\\'"), { Image: 'c:\\users\\bob\\a.exe' })).toBe(true);
    expect(matches(one('Image|endswith', '.exe'), { Image: 'a.exe.txt' })).toBe(false);
    expect(matches(one('CommandLine|contains|cased', 'IEX'), { CommandLine: 'iex (x)' })).toBe(false);
    expect(matches(one('CommandLine|contains|cased', 'IEX'), { CommandLine: 'IEX (x)' })).toBe(true);
  });

  it('windash: an option dash matches /, -, and Unicode dashes, a dash inside a word does not change', () => {
    for (const form of ['-enc', '/enc', '\u2013enc', '\u2014enc', '\u2015enc']) {
      expect(matches(one('CommandLine|windash|contains', "' -enc '"), { CommandLine: `powershell ${form} AAA` })).toBe(true);
    }
    expect(matches(one('CommandLine|windash', "'x-y'"), { CommandLine: 'x/y' })).toBe(false);
  });

  it('base64, base64offset and the UTF-16 encodings match the encoded text, case-sensitively', () => {
    const encoded = Buffer.from('IEX (New-Object', 'utf16le').toString('base64');
    expect(matches(one('CommandLine|wide|base64offset|contains', "'New-Object'"), { CommandLine: `powershell -enc ${encoded}` })).toBe(
      true,
    );
    const shifted = Buffer.from('xxNew-Object', 'utf8').toString('base64');
    expect(matches(one('CommandLine|base64offset|contains', "'New-Object'"), { CommandLine: shifted })).toBe(true);
    expect(matches(one('Payload|base64', "'hello'"), { Payload: 'aGVsbG8=' })).toBe(true);
    expect(matches(one('Payload|base64', "'hello'"), { Payload: 'AGVSBG8=' })).toBe(false);
    expect(matches(one('Payload|base64|contains', "'hello'"), { Payload: `x${Buffer.from('hello world').toString('base64')}` })).toBe(true);
    expect(matches(one('Payload|utf16be|base64', "'AB'"), { Payload: Buffer.from([0, 65, 0, 66]).toString('base64') })).toBe(true);
    expect(matches(one('Payload|utf16|base64', "'A'"), { Payload: Buffer.from([0xff, 0xfe, 65, 0]).toString('base64') })).toBe(true);
  });

  it('re searches unanchored, case-sensitive unless |i, with m and s flags and PCRE inline flags', () => {
    expect(matches(one('CommandLine|re', "'-e(nc|ncodedcommand) '"), { CommandLine: 'pwsh -encodedcommand AAA' })).toBe(true);
    expect(matches(one('CommandLine|re', "'-ENC '"), { CommandLine: 'pwsh -enc AAA' })).toBe(false);
    expect(matches(one('CommandLine|re|i', "'-ENC '"), { CommandLine: 'pwsh -enc AAA' })).toBe(true);
    expect(matches(one('CommandLine|re', "'(?i)-ENC '"), { CommandLine: 'pwsh -enc AAA' })).toBe(true);
    expect(matches(one('Log|re|m', "'^ERROR'"), { Log: 'ok\nERROR here' })).toBe(true);
    expect(matches(one('Log|re', "'^ERROR'"), { Log: 'ok\nERROR here' })).toBe(false);
    expect(matches(one('Log|re|s', "'a.b'"), { Log: 'a\nb' })).toBe(true);
  });

  it('cidr matches IPv4 and IPv6 networks and never an absent field', () => {
    expect(matches(one('DestinationIp|cidr', "'10.0.0.0/8'"), { DestinationIp: '10.200.1.1' })).toBe(true);
    expect(matches(one('DestinationIp|cidr', "'10.0.0.0/8'"), { DestinationIp: '11.0.0.1' })).toBe(false);
    expect(matches(one('DestinationIp|cidr', "'fe80::/10'"), { DestinationIp: 'fe80::1%eth0' })).toBe(true);
    expect(matches(one('DestinationIp|cidr', "'2001:db8::/32'"), { DestinationIp: '2001:db9::1' })).toBe(false);
    expect(matches(one('DestinationIp|cidr', "'::ffff:0:0/96'"), { DestinationIp: '::ffff:192.168.1.1' })).toBe(true);
    expect(matches(one('DestinationIp|cidr', "'10.0.0.0/8'"), {})).toBe(false);
  });

  it('compares numbers (numeric strings too) with lt, lte, gt, gte and negates with neq', () => {
    expect(matches(one('Size|gt', '1000'), { Size: '1001' })).toBe(true);
    expect(matches(one('Size|lte', '1000'), { Size: 1000 })).toBe(true);
    expect(matches(one('Size|lt', '1000'), { Size: 'big' })).toBe(false);
    expect(matches(one('DestinationPort|neq', '443'), { DestinationPort: '8443' })).toBe(true);
    expect(matches(one('DestinationPort|neq', '443'), { DestinationPort: 443 })).toBe(false);
    expect(matches(one('DestinationPort|neq', '443'), {})).toBe(false);
  });

  it('reads UTC date parts of ISO times and epoch seconds, alone or with a comparison', () => {
    expect(matches(one('UtcTime|hour', '3'), { UtcTime: '2025-01-02T03:04:05Z' })).toBe(true);
    expect(matches(one('UtcTime|hour|gte', '22'), { UtcTime: '2025-01-02T23:00:00+00:00' })).toBe(true);
    expect(matches(one('UtcTime|month', '1'), { UtcTime: 1735787045 })).toBe(true);
    expect(matches(one('UtcTime|year', '2024'), { UtcTime: 'not a time' })).toBe(false);
  });

  it('exists checks presence (an empty value is present), fieldref compares two fields', () => {
    expect(matches(one('ParentUser|exists', 'true'), { ParentUser: '' })).toBe(true);
    expect(matches(one('ParentUser|exists', 'false'), { User: 'x' })).toBe(true);
    expect(matches(one('TargetUser|fieldref', 'SubjectUser'), { TargetUser: 'BOB', SubjectUser: 'bob' })).toBe(true);
    expect(matches(one('TargetUser|fieldref', 'SubjectUser'), { TargetUser: 'bob' })).toBe(false);
  });

  it('expand fills %placeholders% from the caller, any value matching', () => {
    const detection = one('ComputerName|expand', "'%admin_hosts%'");
    const options = { placeholders: { admin_hosts: ['ADM-01', 'ADM-02'] } };
    expect(matches(detection, { ComputerName: 'adm-02' }, options)).toBe(true);
    expect(matches(detection, { ComputerName: 'ws-7' }, options)).toBe(false);
  });
});

describe('compileRule: keywords and conditions', () => {
  it('keywords match a substring of any text at any depth', () => {
    const keywords = `  keywords:\n    - 'mimikatz'\n    - 'sekurlsa::'\n  condition: keywords\n`;
    expect(matches(keywords, { data: { items: ['x', 'Invoke-Mimikatz -Command'] } })).toBe(true);
    expect(matches(keywords, { data: 'nothing' })).toBe(false);
  });

  it('follows precedence or < and < not, with 1 of / all of / N of patterns and them skipping _names', () => {
    const detection = ['  sel_a:\n    A: 1', '  sel_b:\n    B: 1', '  _helper:\n    C: 1', '  filter:\n    D: 1'].join('\n');
    const withCondition = (condition: string): string => `${detection}\n  condition: ${condition}\n`;
    expect(matches(withCondition('sel_a or sel_b and not filter'), { A: 1, D: 1 })).toBe(true);
    expect(matches(withCondition('(sel_a or sel_b) and not filter'), { A: 1, D: 1 })).toBe(false);
    expect(matches(withCondition('all of sel_*'), { A: 1 })).toBe(false);
    expect(matches(withCondition('1 of sel_* and not 1 of filter*'), { B: 1 })).toBe(true);
    expect(matches(withCondition('all of them'), { A: 1, B: 1, D: 1 })).toBe(true);
    expect(matches(withCondition('2 of them'), { C: 1, D: 1 })).toBe(false);
    expect(matches(withCondition('2 of them'), { A: 1, D: 1 })).toBe(true);
    expect(matches(withCondition('1 of _*'), { C: 1 })).toBe(true);
  });

  it('reads a list of conditions as their disjunction', () => {
    expect(matches(`  a:\n    A: 1\n  b:\n    B: 1\n  condition:\n    - a\n    - b\n`, { B: 1 })).toBe(true);
  });

  it('refuses rules it cannot run, saying where', () => {
    const failure = (detection: string): RuleCompileError => {
      try {
        compileRule(rule(detection));
      } catch (error) {
        if (error instanceof RuleCompileError) return error;
        throw error;
      }
      throw new Error('compiled');
    };
    expect(failure(one('CommandLine|re', "'(unclosed'")).message).toMatch(/regular expression/);
    expect(failure(one('Ip|cidr', "'10.0.0.0/40'")).message).toMatch(/CIDR/);
    expect(failure(`  sel:\n    A: 1\n  condition: sel and other\n`).message).toMatch(/other/);
    expect(failure(`  sel:\n    A: 1\n  condition: sel |\n`).path).toBe('detection.condition');
  });
});

describe('compileRule: long lists of values', () => {
  // Plain texts of a list are grouped into one test per anchoring; the others keep their own.
  const values = [
    '\\whoami.exe',
    '*\\cmd.exe',
    'C:\\Windows*',
    '*-enc*',
    'a\\*b',
    'PowerShell.EXE',
    'x?y',
    'Évil',
    '',
    'c:\\a*b\\c',
    'wmic',
    '4688',
    '\\\\server\\share',
  ];
  const texts = [
    'C:\\Windows\\System32\\WHOAMI.EXE',
    'c:\\windows\\system32\\cmd.exe /c x',
    'C:\\temp\\CMD.exe',
    'powershell.exe -ENC aaa',
    'PowerShell.EXE',
    'a*b',
    'ab',
    'xzy',
    'évil',
    'ÉVIL and more',
    '',
    'c:\\a_b\\c',
    'WMIC process call create',
    '4688',
    '\\\\server\\share\\x',
    'start C:\\Windows\\x',
    'x\\cmd.exe.bak',
    'the wmic',
  ];
  const list = (modifiers: string): string =>
    `  sel:\n    CommandLine${modifiers}:\n${values.map((value) => `      - '${value}'`).join('\n')}\n  condition: sel\n`;

  it.each(['', '|contains', '|startswith', '|endswith'])('matches a list%s as it matches each value alone', (modifiers) => {
    for (const text of texts) {
      // `|all` keeps each value's own test: the reference the grouped tests must agree with.
      const alone = values.some((value) => matches(one(`CommandLine${modifiers}|all`, `'${value}'`), { CommandLine: text }));
      expect([text, matches(list(modifiers), { CommandLine: text })]).toEqual([text, alone]);
    }
  });

  it('still needs every value under |all, and reads keywords the same way', () => {
    const all = `  sel:\n    CommandLine|contains|all:\n      - 'whoami'\n      - '/all'\n  condition: sel\n`;
    expect(matches(all, { CommandLine: 'WHOAMI /ALL' })).toBe(true);
    expect(matches(all, { CommandLine: 'whoami /priv' })).toBe(false);
    const keywords = `  keywords:\n${['mimikatz', 'sekurlsa::', 'rpc::', 'token::', 'crypto::', 'dpapi::', 'vault::', 'kerberos::']
      .map((value) => `    - '${value}'`)
      .join('\n')}\n  condition: keywords\n`;
    expect(matches(keywords, { Data: ['x', 'run SEKURLSA::logonpasswords'] })).toBe(true);
    expect(matches(keywords, { Data: ['x', 'sekurlsa:logonpasswords'] })).toBe(false);
  });
});
