import { parseDocument } from '../text/document';
import { extractNetworkIndicators } from './extract-network';

const extract = (text: string, articleUrl?: string) => extractNetworkIndicators(parseDocument(text), { articleUrl });
const values = (text: string, kind?: string, articleUrl?: string) =>
  extract(text, articleUrl)
    .filter((i) => !kind || i.kind === kind)
    .map((i) => i.value);

describe('extractNetworkIndicators', () => {
  it('refangs each defang form and keeps the evidence span as written', () => {
    const text = 'C2: evil[.]com, bad(.)net, worse{.}org, odd[dot]top and 45.9.148[.]117.';
    const items = extract(text);
    expect(items.map((i) => i.value)).toEqual(['evil.com', 'bad.net', 'worse.org', 'odd.top', '45.9.148.117']);
    const ip = items.find((i) => i.kind === 'ipv4');
    expect(ip?.evidence.text).toBe('45.9.148[.]117');
    expect(text.slice(ip?.evidence.start, ip?.evidence.end)).toBe('45.9.148[.]117');
  });

  it('reads defanged URLs, their hosts and ports', () => {
    const text = 'Payload at hxxps[:]//cdn.evil[.]com/a/b.exe?x=1 and hxxp[:]//91.2.3[.]4:3000 (C2).';
    expect(values(text, 'url')).toEqual(['https://cdn.evil.com/a/b.exe?x=1', 'http://91.2.3.4:3000']);
    expect(values(text, 'domain')).toEqual(['cdn.evil.com']);
    expect(values(text, 'ipv4')).toEqual(['91.2.3.4']);
  });

  it('keeps scheme-less URLs scheme-less and reads host:port as a host', () => {
    const text = '- gettraff[.]ru/wb?keyword=a%20b\n- pool.minexmr[.]stream:443\n- 45.1.2.0/24 range';
    expect(values(text, 'url')).toEqual(['gettraff.ru/wb?keyword=a%20b']);
    expect(values(text, 'domain')).toEqual(['gettraff.ru', 'pool.minexmr.stream']);
    expect(values(text, 'ipv4')).toEqual(['45.1.2.0']);
  });

  it('accepts only IANA TLDs', () => {
    expect(values('hosts: evil[.]notatld, good[.]xyz')).toEqual(['good.xyz']);
  });

  it('does not read version strings as addresses', () => {
    const text = 'Loader version 4.9.1.2, build 10.0.19041.1, Chrome 124.0.6367.91, v1.2.3.4 and Shield 5.0.2.1; C2 185.220.101.47.';
    expect(values(text, 'ipv4')).toEqual(['185.220.101.47']);
  });

  it('skips private, loopback and documentation addresses', () => {
    const text = 'Internal 10.20.4.15, 192.168.1.20, 172.17.0.2, 127.0.0.1, 192.0.2.10, ::1, fe80::1 and public 2a0b:4141:820:1c::2';
    expect(values(text)).toEqual(['2a0b:4141:820:1c::2']);
  });

  it('does not read file names, code members or identifiers as domains', () => {
    const text =
      'Files main.zip, auto.sh, system.so, setup.py, README.md and NNApp.app; Thread.new{ }; System.Net; ASP.NET; com.apple.quarantine; process.name; ctrl-alt-del.target';
    expect(values(text)).toEqual([]);
  });

  it('accepts file-extension TLDs when defanged or in a URL', () => {
    expect(values('lure portal photopro-crack[.]app and https://x.evil.zip/a', 'domain')).toEqual(['photopro-crack.app', 'x.evil.zip']);
  });

  it("excludes the publisher's own links given the article URL", () => {
    const text = 'See https://www.emberline-security.com/blog/old and our C2 finding http://185.7.8.9/x and evil.com.';
    expect(values(text, undefined, 'https://research.emberline-security.com/post')).toEqual([
      'http://185.7.8.9/x',
      '185.7.8.9',
      'evil.com',
    ]);
  });

  it('treats only the owner of a code-hosting URL as the publisher', () => {
    const text = 'IOC github.com/bad-actor/tools/raw/x.sh and the note github.com/unit9/notes/readme';
    expect(values(text, 'url', 'https://github.com/unit9/notes/blob/main/a.txt')).toEqual(['github.com/bad-actor/tools/raw/x.sh']);
  });

  it('excludes citations, social links and e-mail domains', () => {
    const text = [
      'C2 evil.com contacted by the implant.',
      'Contact us at press@vendor-news.com or https://twitter.com/vendor.',
      'Read [the docs](https://docs.aws.amazon.com/x) too.',
      '',
      'REFERENCES:',
      '- https://blog.someone-else.com/analysis',
      '[1] https://another-blog.net/post',
    ].join('\n');
    expect(values(text)).toEqual(['evil.com']);
  });

  it('drops plain names in prose when the publisher defangs its indicators', () => {
    const text = 'Lures a1[.]online, a2[.]online, a3[.]online clone the legitimate remove.bg site.';
    expect(values(text)).toEqual(['a1.online', 'a2.online', 'a3.online']);
  });

  it('ignores dotted field names inside hunt queries but keeps quoted hosts', () => {
    const text = '```eql\nnetwork where host.id != null and destination.domain == "evil-cdn.com"\n```';
    expect(values(text)).toEqual(['evil-cdn.com']);
  });

  it('trims sentence punctuation and unbalanced brackets from URLs', () => {
    expect(values('(see http://evil.com/a/b).', 'url')).toEqual(['http://evil.com/a/b']);
    expect(values('Drop http://evil.com/x_(1).exe, then run it.', 'url')).toEqual(['http://evil.com/x_(1).exe']);
  });

  it('leaves out names the author vouches for, XML namespaces and builds written as versions', () => {
    const text = [
      'The loader beaconed to update-cdn-check.com and fetched http://185.11.61.4/u.bin.',
      'AnyDesk itself is legitimate software; the official download page is https://anydesk.net/en/downloads',
      'and its relay hosts (for example relay-1.net.anydesk.net) should not be blocked outright.',
      '<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">',
      'The implant reports its build as 2.3.0.17 in its first beacon.',
      'The attacker defanged nothing and used mail-secure-login.net, a domain made to look legitimate.',
    ].join('\n');
    expect(values(text)).toEqual(['update-cdn-check.com', 'http://185.11.61.4/u.bin', '185.11.61.4', 'mail-secure-login.net']);
    // Defanging marks intent: a defanged name is kept whatever the sentence says of it.
    expect(values('The official C2 was evil-cdn[.]com.')).toEqual(['evil-cdn.com']);
  });

  it('leaves out package registries, issue threads and advisories unless defanged', () => {
    const text = [
      'Both versions were published to registry.npmjs.org; lockfiles resolve https://registry.npmjs.org/pkg/-/pkg-3.8.2.tgz and pypi.org hosts the twin.',
      'Advisory: https://www.jenkins.io/security/advisories/ and the report https://github.com/o/r/issues/977.',
      'The payload came from https://github.com/evil-o/tools/releases/download/v1/x.tar.gz and registry.npmjs[.]org/evil.',
      'The script uses the GitHub API at api.github.com (legitimate; not an indicator).',
    ].join('\n');
    expect(values(text, 'url')).toEqual(['https://github.com/evil-o/tools/releases/download/v1/x.tar.gz', 'registry.npmjs.org/evil']);
    expect(values(text, 'domain')).toEqual(['github.com', 'registry.npmjs.org']);
  });

  it("leaves out the reader's own ranges excluded in a hunt query", () => {
    const text =
      '```\nindex=aws sourcetype=aws:cloudtrail NOT sourceIPAddress IN ("52.14.0.0/16") dst!="18.1.2.3"\n| search src="193.149.176.52"\n```';
    expect(values(text, 'ipv4')).toEqual(['193.149.176.52']);
  });

  it('treats the host of a markdown link, a reference list run into the text, repositories and articles as citations', () => {
    const text = [
      'They installed [Pacu](https://github.com/acme-labs/pacu) and pulled https://github.com/acme-labs/kit/releases/download/v1/kit.zip from there.',
      'A [blog](https://www.other-vendor.test.io/blog/the-curious-case-of-x) covered it, as did https://news-site.io/2021/10/18/icedid-to-ransomware-in-a-day/.',
      'The payload came from http://203.0.113.250/a.sh and http://evil-cdn.io/wp-content/uploads/2024/05/x.zip. References: https://gist.github.com/someone/8daef859 https://research.acme.io/2021/10/18/long-article-title/',
    ].join('\n');
    expect(values(text, 'url')).toEqual([
      'https://github.com/acme-labs/kit/releases/download/v1/kit.zip',
      'http://evil-cdn.io/wp-content/uploads/2024/05/x.zip',
    ]);
    expect(values(text, 'domain')).toEqual(['github.com', 'evil-cdn.io']);
  });

  it('reads defanged IPv6 groups and leaves cloud instance types out', () => {
    expect(values('Calls came from 2a09[:]bac5:37aa:d2::15:1c2 on 42 c5.metal and r5a.4xlarge instances.', 'ipv6')).toEqual([
      '2a09:bac5:37aa:d2::15:1c2',
    ]);
    expect(values('Calls came from 2a09[:]bac5:37aa:d2::15:1c2 on 42 c5.metal/r5a.4xlarge instances.', 'domain')).toEqual([]);
  });

  it('leaves out citations in any link form: schemeless repositories, project pages, docs, reports, drawn links', () => {
    const text = [
      'The tool is on GitHub (github.com/acme-red/shadowtool); see https://lolbas-project.github.io/lolbas/Binaries/Certutil/ too.',
      'Guides: https://www.acmeedr.com/en-us/guide/rules.html, https://www.acmeedr.com/products/edr, https://www.acme-vendor.com/what-is/ransomware.',
      'Reports: https://www.gov-cert.example.org/sites/files/aa24-001a.pdf and https://www.gov-cert.example.org/news-events/cybersecurity-advisories/aa23-165a.',
      'Posts: https://medium.com/@someone/post-1, https://labs.acmesec.net/shadow and https://janesec.net/analysis-of-the-shadow-loader/.',
      'Vendor page: https://access.acmelinux.net/security/cve/cve-2022-0847.',
      '[1]: https://acme-research.net/x/loader',
      'Victims searched google.com and github.com for the tool.',
    ].join('\n');
    expect(values(text)).toEqual([]);
  });

  it("reports the links of markup the article shows (a lure page), which ingestion would have made markdown links had they been the page's own", () => {
    const text = 'The lure page loads <link href="http://fonts.lure-cdn.net/css?family=Lato"> and <a href="https://bit.ly/3xAbc">Open</a>.';
    expect(values(text)).toEqual(['http://fonts.lure-cdn.net/css?family=Lato', 'fonts.lure-cdn.net', 'https://bit.ly/3xAbc', 'bit.ly']);
  });

  it('still reports plain infrastructure beside those citations', () => {
    const text = 'It fetched https://files.evil-cdn.net/a.zip and dl.badsite-cdn.com/get.php, then beaconed to update-check.net.';
    expect(values(text)).toEqual([
      'https://files.evil-cdn.net/a.zip',
      'files.evil-cdn.net',
      'dl.badsite-cdn.com/get.php',
      'dl.badsite-cdn.com',
      'update-check.net',
    ]);
  });

  it('reads a markdown link whose text is a URL as one drawn link, not as one URL running into its target', () => {
    const text = '- Write-up: [https://research.acme-lab.net/pipe/](https://research.acme-lab.net/pipe/)\n- C2 hxxps://evil-c2[.]net/a';
    expect(values(text)).toEqual(['https://evil-c2.net/a', 'evil-c2.net']);
  });

  it('leaves out names that are file paths or fragments: bundle paths, file names before a slash, hex-dump columns, versioned files', () => {
    const text = [
      'Parents: /Applications/Acme Code.app/Contents/MacOS/Electron and WakeEngine.dll/conhost.dll processes.',
      '7ffe9ae3a2d0  6c 2e 6f 70 73 65 63 75 72 69 74 79 31 2e 61 72  l.opsecure1.ar',
      'perl decode-tool-5.17.1.pl < in.pl, with the pid in bash.pid',
      'The C2 was sec.opsecure1[.]art.',
    ].join('\n');
    expect(values(text)).toEqual(['sec.opsecure1.art']);
  });

  it('leaves out sites the author sends readers to, even where a page ran the sentence into the one before', () => {
    expect(values('ET INFO Suspicious Activity Search rules on rules-index.fyi or sigma-finder.com\nC2: 45.9.148.117')).toEqual([
      '45.9.148.117',
    ]);
  });

  it('keeps plain addresses in an article that defangs its other indicators, and names written all in capitals', () => {
    const text =
      'C2: evil-a[.]com, evil-b[.]net, evil-c[.]org, hxxp://evil-d[.]com/x\n\n185.220.101.47 - Loader\nBEACON-HOST.COM and ASP.NET';
    expect(values(text, 'ipv4')).toEqual(['185.220.101.47']);
    expect(values('Beacons to BEACON-HOST.COM, built on ASP.NET.')).toEqual(['beacon-host.com']);
  });

  it('keeps a placeholder escaped only at its opening bracket whole, and reads no member of an arrow function parameter as a host', () => {
    expect(values('It reports to `https://count-evil[.]click/c/&lt;IP_address>,` to log the victim.', 'url')).toEqual([
      'https://count-evil.click/c/&lt;IP_address>',
    ]);
    expect(values('const order = sections.map(sec => sec.id); wrapper.append(x);')).toEqual([]);
  });
});
