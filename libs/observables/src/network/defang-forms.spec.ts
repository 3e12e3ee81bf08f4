import { parseDocument } from '../text/document';
import { refang } from '../refang';
import { extractNetworkIndicators } from './extract-network';

const values = (text: string, kind?: string) =>
  extractNetworkIndicators(parseDocument(text))
    .filter((i) => !kind || i.kind === kind)
    .map((i) => i.value);

describe('defang forms seen in real articles and other extractors', () => {
  it('reads markdown-escaped, one-sided and repeated brackets', () => {
    expect(values('Stage two came from loader-cdn\\[.\\]site and 91.92.240\\[.\\]17.')).toEqual(['loader-cdn.site', '91.92.240.17']);
    expect(values('Beacons to 91.92.240.]]]17 and 91[[.]]92[.240(.)18.', 'ipv4')).toEqual(['91.92.240.17', '91.92.240.18']);
    expect(values('Escaped in the table: 91\\.92\\.240\\.19', 'ipv4')).toEqual(['91.92.240.19']);
    expect(refang('C:\\Users\\x\\.ssh\\id_rsa')).toBe('C:\\Users\\x\\.ssh\\id_rsa');
  });

  it('reads URLs with defanged or unusual schemes, user info and bracketed IPv6 hosts', () => {
    expect(values('Download: http__stage-host.site/p.bin', 'url')).toEqual(['http://stage-host.site/p.bin']);
    expect(values('Exfil via ftx://drop-zone.site/up', 'url')).toEqual(['ftp://drop-zone.site/up']);
    expect(values('Reverse shell to tcp://relay-node.site:4444', 'domain')).toEqual(['relay-node.site']);
    expect(values('Panel at https://admin:hunter2@panel-host.site:8443/login', 'url')).toEqual([
      'https://admin:hunter2@panel-host.site:8443/login',
    ]);
    expect(values('C2 http://[2a0e:1c80:0:0:0:0:0:7]:8080/gate', 'url')).toEqual(['http://[2a0e:1c80::7]:8080/gate']);
    expect(values('Leak site at http://lockbitsupp7xyz.onion/posts', 'domain')).toEqual(['lockbitsupp7xyz.onion']);
  });

  it('keeps resolvers written as one-digit groups but not versions, and not a local file:// path', () => {
    expect(values('The script queried the resolver 1.1.1.1 for the TXT record.', 'ipv4')).toEqual(['1.1.1.1']);
    expect(values('The implant connects to IP 4.3.2.1 on port 443.', 'ipv4')).toEqual(['4.3.2.1']);
    expect(values('Agent 5.0.2.1 was released in May.', 'ipv4')).toEqual([]);
    expect(values('It opened file://miner.sh from the working folder.')).toEqual([]);
    expect(values('1.1.1.1.a is not an address', 'ipv4')).toEqual([]);
  });

  it('reads internationalised names as written, in their own script or mixed into a Latin label', () => {
    expect(values('The lure sat on bücher-gutschein.de and on пример-вход.рф.', 'domain')).toEqual([
      'bücher-gutschein.de',
      'пример-вход.рф',
    ]);
    expect(values('Phishing kit: https://ログイン.shop-help.net/verify and the homograph pаypal-secure.com')).toEqual([
      'https://ログイン.shop-help.net/verify',
      'ログイン.shop-help.net',
      'pаypal-secure.com',
    ]);
    expect(values('A Japanese TLD name: はじめよう.みんな', 'domain')).toEqual(['はじめよう.みんな']);
    // Not the name glued to the prose of an unspaced script, nor the tail of an e-mail address's domain.
    expect(values('詳細はupdate-relay.netを参照', 'domain')).toEqual(['update-relay.net']);
    expect(values('Mail came from admin@テスト.update-relay.net', 'domain')).toEqual([]);
    expect(values('Not a host: ログイン.みんなのサイト', 'domain')).toEqual([]);
  });

  it('reads mining-pool URLs with their stratum scheme, not as a tcp:// URL', () => {
    expect(values('The miner ran with -o stratum+tcp://pool.xmr-relay.net:3333 -u wallet', 'url')).toEqual([
      'stratum+tcp://pool.xmr-relay.net:3333',
    ]);
    expect(values('Fallback pools: stratum+ssl://eu.pool-relay.org:443 and stratum2+tcp://asia.pool-relay.org:3334', 'url')).toEqual([
      'stratum+ssl://eu.pool-relay.org:443',
      'stratum2+tcp://asia.pool-relay.org:3334',
    ]);
    expect(values('The config sets "algo": "rx/0" and "tls": true for the stratum pool.')).toEqual([]);
  });

  it('reads bracketed dots with spaces, dot words missing a bracket, slash and scheme defangs', () => {
    expect(values('Redirectors: cdn[.]relay[.] drop-host[.]site and drop-host (.) site/gate', 'domain')).toEqual([
      'cdn.relay.drop-host.site',
      'drop-host.site',
    ]);
    expect(values('hxxp://drop-hostdot]site/a and hxxp://drop-host[dotsite/b', 'url')).toEqual([
      'http://drop-host.site/a',
      'http://drop-host.site/b',
    ]);
    expect(values('hxxp://drop-host(.)site(/)c and hxxp://drop-host.site[/d', 'url')).toEqual([
      'http://drop-host.site/c',
      'http://drop-host.site/d',
    ]);
    expect(
      values('h00ps://drop-host(.)site/e, h__ps__drop-host[.]site/f, sfXp://drop-host[.]site/g, fXps://drop-host[.]site/h', 'url'),
    ).toEqual(['https://drop-host.site/e', 'https://drop-host.site/f', 'sftp://drop-host.site/g', 'ftps://drop-host.site/h']);
    expect(values('Escaped by the page: https://drop-host\\(.\\)site/x\\.html and hXXps:// 91.92.240[.]21/api', 'url')).toEqual([
      'https://drop-host.site/x.html',
      'https://91.92.240.21/api',
    ]);
    // Look-alikes: a regex group, a plain scheme followed by a space, a URL ending at a broken bracket.
    expect(values('The pattern (.) matches one character; it is not a site.')).toEqual([]);
    expect(values('Both http:// and https:// prefixes work, as in http:// docs-relay.site', 'url')).toEqual([]);
    expect(values('See http://drop-host.site/[.', 'url')).toEqual(['http://drop-host.site/']);
  });

  it('keeps one-digit addresses in CIDR notation or beside other addresses, and IPv4-mapped IPv6 whole', () => {
    expect(values('Blocked ranges: 5.6.7.0/24 and 8.9.7.0/16.', 'ipv4')).toEqual(['5.6.7.0', '8.9.7.0']);
    expect(values('Hosts: 5.6.7.8 91.92.240.17', 'ipv4')).toEqual(['5.6.7.8', '91.92.240.17']);
    expect(values('Release 5.6.7.8 shipped in May, after 5.6.7.9.', 'ipv4')).toEqual([]);
    expect(values('Mapped: ::ffff:91.92.240.17 in the log', 'ipv6')).toEqual([]);
    expect(values('Mapped: ::ffff:91.92.240.17 in the log', 'ipv4')).toEqual(['91.92.240.17']);
    expect(values('Encoded in the query string: %2Fdrop-host.site', 'domain')).toEqual(['drop-host.site']);
  });

  it('keeps underscores below the registrable name (service labels, odd subdomains) but not in code identifiers', () => {
    expect(values('The TXT record at _dmarc.victim-corp.org and the SRV name _ldap._tcp.victim-corp.org', 'domain')).toEqual([
      '_dmarc.victim-corp.org',
      '_ldap._tcp.victim-corp.org',
    ]);
    expect(values('Beacon to https://cdn_edge.drop-host.nl/p and dl_1.drop-host.nl')).toEqual([
      'https://cdn_edge.drop-host.nl/p',
      'cdn_edge.drop-host.nl',
      'dl_1.drop-host.nl',
    ]);
    expect(values('Mail literal: ops@[IPv6:2a0e:1c80::7]', 'ipv6')).toEqual(['2a0e:1c80::7']);
    // Look-alikes: a registrable name with an underscore, snake_case member chains, a module file.
    expect(values('drop_host.com, import my_pkg.utils.py and os_info.release.name')).toEqual([]);
  });
});
