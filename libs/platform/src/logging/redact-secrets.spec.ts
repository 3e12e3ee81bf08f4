import { redactSecrets } from './redact-secrets';

describe('redactSecrets', () => {
  const token = 'ghp_plantedSecret0123456789abcdefXYZ';

  it('replaces a planted secret however it is echoed: as is, URL-encoded or base64 (basic auth included)', () => {
    const secret = 'p@ss/word+with=odd chars';
    const echoed = [
      `key ${secret}`,
      `query key=${encodeURIComponent(secret)}`,
      `auth ${Buffer.from(secret).toString('base64')}`,
      `basic ${Buffer.from(`x-access-token:${secret}`).toString('base64')}`,
    ].join(' | ');
    const clean = redactSecrets(echoed, [secret]);
    expect(clean).not.toContain(secret);
    expect(clean).not.toContain(encodeURIComponent(secret));
    expect(clean).not.toContain(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
    expect(clean.match(/\[redacted\]/g)).toHaveLength(4);
  });

  it('masks credential-shaped strings nobody named, and leaves ordinary text and short values alone', () => {
    const text = `Bad credentials for ${token}; Authorization: Bearer abcdefghijklmnopqrstuvwxyz; sk-proj-0123456789abcdefgh`;
    expect(redactSecrets(text, [])).toBe('Bad credentials for [redacted]; Authorization: [redacted]; [redacted]');
    expect(redactSecrets('Not Found (repo acme/detections)', ['short', null, undefined])).toBe('Not Found (repo acme/detections)');
  });
});
