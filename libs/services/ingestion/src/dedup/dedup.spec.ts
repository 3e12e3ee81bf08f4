import { canonicalUrl } from './canonical-url';
import { contentHash, hammingDistance, simHash } from './fingerprints';

describe('canonical URL', () => {
  it('lower-cases scheme and host, drops default port, fragment and tracking, sorts the query', () => {
    expect(canonicalUrl('HTTPS://Blog.Example.COM:443/Post/1?utm_source=rss&b=2&a=1&fbclid=x#comments')).toBe(
      'https://blog.example.com/Post/1?a=1&b=2',
    );
    expect(canonicalUrl('http://example.com:80')).toBe('http://example.com/');
    expect(canonicalUrl('http://example.com:8080/x?utm_medium=feed')).toBe('http://example.com:8080/x');
  });

  it('keeps parameters that select content', () => {
    expect(canonicalUrl('https://example.com/view?id=42&page=2')).toBe('https://example.com/view?id=42&page=2');
  });
});

const sentences = [
  'The intrusion began with a phishing email carrying an ISO attachment.',
  "Inside, a LNK file ran rundll32.exe against a DLL dropped in the user's temp folder.",
  'The operators then dumped LSASS with comsvcs.dll and moved laterally with PsExec to two file servers.',
  'Ransomware was deployed on day three after the backups had been deleted with vssadmin.',
  'Defenders should hunt for rundll32 loading DLLs from temporary paths and for service creation events.',
  'Network telemetry showed beaconing to a VPS every sixty seconds with small jitter.',
];
// About 400 words, the size of a short write-up.
const article = Array.from({ length: 5 }, (_, phase) => sentences.map((s) => s.replace(/\.$/, ` during phase ${phase}.`)).join(' ')).join(
  '\n\n',
);

describe('content fingerprints', () => {
  it('hashes normalised content: case and whitespace do not matter, words do', () => {
    expect(contentHash(article)).toBe(contentHash(article.toUpperCase().replace(/\n/g, '   ')));
    expect(contentHash(article)).not.toBe(contentHash(article.replace('three', 'four')));
  });

  it('puts a lightly edited copy within Hamming distance 3 and unrelated text far away', () => {
    const edited = article.replace('two file servers', 'two servers').replace('sixty seconds', '60 seconds');
    const other = 'Quarterly results: revenue grew and the company announced a new partnership with a cloud provider for customers.';
    const base = simHash(article);
    expect(hammingDistance(base.value, simHash(edited).value)).toBeLessThanOrEqual(3);
    expect(hammingDistance(base.value, simHash(other).value)).toBeGreaterThan(10);
  });

  it('bands cover all 64 bits, so a near duplicate shares at least one band', () => {
    const a = simHash(article);
    const b = simHash(article.replace('day three', 'day 3'));
    expect(a.bands).toHaveLength(4);
    expect(a.bands.map((band) => band >>> 16)).toEqual([0, 1, 2, 3]);
    if (hammingDistance(a.value, b.value) <= 3) expect(a.bands.some((band) => b.bands.includes(band))).toBe(true);
    const reassembled = a.bands.reduce((acc, band) => acc | (BigInt(band & 0xffff) << BigInt(16 * (band >>> 16))), 0n);
    expect(BigInt.asIntN(64, reassembled)).toBe(a.value);
  });

  it('counts differing bits', () => {
    expect(hammingDistance(0n, 7n)).toBe(3);
    expect(hammingDistance(-1n, 0n)).toBe(64);
  });
});
