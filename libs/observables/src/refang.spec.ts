import { isDefanged, normaliseScheme, refang } from './refang';

describe('refang', () => {
  it.each([
    ['evil[.]com', 'evil.com'],
    ['evil(.)com', 'evil.com'],
    ['evil{.}com', 'evil.com'],
    ['evil[dot]com', 'evil.com'],
    ['evil(dot)com', 'evil.com'],
    ['evil[DOT]com', 'evil.com'],
    ['evil [.] com', 'evil.com'],
    ['hxxp://evil.com/a', 'http://evil.com/a'],
    ['hXXps://evil.com', 'https://evil.com'],
    ['hxxps[:]//evil[.]com', 'https://evil.com'],
    ['http[:]//evil.com', 'http://evil.com'],
    ['https[://]evil.com', 'https://evil.com'],
    ['h**p://evil.com', 'http://evil.com'],
    ['h[tt]ps://evil.com', 'https://evil.com'],
    ['fxp://files.evil.com', 'ftp://files.evil.com'],
    ['1.2.3[.]4:8080', '1.2.3.4:8080'],
    ['10.1.2(.)3', '10.1.2.3'],
    ['host[:]443', 'host:443'],
    ['user[@]evil.com', 'user@evil.com'],
    ['user[at]evil.com', 'user@evil.com'],
    ['evil.com[/]path', 'evil.com/path'],
  ])('%s -> %s', (defanged, expected) => {
    expect(refang(defanged)).toBe(expected);
    expect(isDefanged(defanged)).toBe(true);
  });

  it('leaves plain text and ordinary brackets alone', () => {
    const text = 'See [1] and (a) for https://example.org/x.';
    expect(refang(text)).toBe(text);
    expect(isDefanged(text)).toBe(false);
  });

  it('normalises defanged schemes', () => {
    expect(normaliseScheme('hxxps')).toBe('https');
    expect(normaliseScheme('hXXp')).toBe('http');
    expect(normaliseScheme('fxp')).toBe('ftp');
    expect(normaliseScheme('sfXp')).toBe('sftp');
    expect(normaliseScheme('fxps')).toBe('ftps');
    expect(normaliseScheme('h00ps')).toBe('https');
    expect(normaliseScheme('stratum+tcp')).toBe('stratum+tcp');
  });

  it('refangs slash and dot-word forms inside a name, but not the same characters in a command line or prose', () => {
    expect(refang('drop-host(.)site(/)a and drop-host.site[/b and drop-host[dotsite and drop-hostdot]site')).toBe(
      'drop-host.site/a and drop-host.site/b and drop-host.site and drop-host.site',
    );
    const command = 'cmd.exe [/c | /k] "dir (/) x" . done';
    expect(refang(command)).toBe(command);
    expect(isDefanged(command)).toBe(false);
  });
});
