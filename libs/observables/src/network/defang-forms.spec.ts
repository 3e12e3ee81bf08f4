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
});
