import { findLeaks, plantedSecret, plantSecrets, secretSpellings } from './planted-secrets';

describe('planted secrets', () => {
  it('plants fresh, distinct secrets on every call, each with the shape its kind has in the wild', () => {
    const first = plantSecrets();
    const second = plantSecrets();
    const all = [...Object.values(first), ...Object.values(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(first.anthropicKey).toMatch(/^sk-ant-api03-PLANTED[0-9a-f]{36}$/);
    expect(first.githubStoredToken).toMatch(/^github_pat_PLANTED[0-9a-f]{36}$/);
    expect(first.identitySigningKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('spells a secret as an upstream or a log would echo it: encoded, base64, as basic auth, by its tail', () => {
    const secret = plantedSecret('sk-proj-PLANTED/+=');
    const decoded = secretSpellings(secret).map((spelling) => [spelling, Buffer.from(spelling, 'base64').toString()]);
    expect(secretSpellings(secret)).toEqual(expect.arrayContaining([secret, encodeURIComponent(secret), secret.slice(-20)]));
    expect(encodeURIComponent(secret)).not.toBe(secret);
    expect(decoded.map(([, text]) => text)).toEqual(
      expect.arrayContaining([secret, `x-access-token:${secret}`, `${secret}:`, `:${secret}`]),
    );
  });

  it('names each secret found and where, once, whatever spelling it was found in', () => {
    const planted = { apiKey: plantedSecret('sk-PLANTED'), password: plantedSecret('pw'), unused: plantedSecret('ghp_PLANTED') };
    const basicAuth = Buffer.from(`x-access-token:${planted.apiKey}`).toString('base64');
    const places = {
      'a response': `{"error":"bad key ${planted.apiKey}"} Authorization: Basic ${basicAuth}`,
      'the logs': `connecting to postgresql://u:${encodeURIComponent(planted.password)}@db/x\nkey …${planted.apiKey.slice(-20)}`,
    };
    expect(findLeaks(planted, places).sort()).toEqual(['apiKey in a response', 'apiKey in the logs', 'password in the logs']);
    expect(findLeaks(planted, { 'a response': 'sk-PLANTED and pw without the rest', 'the logs': '' })).toEqual([]);
  });
});
