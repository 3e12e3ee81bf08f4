import { checkAddress } from './address-policy';
import { baseUrlGuardOptions, baseUrlPolicy, privateNetworkHint } from './base-url-policy';

const HOSTED = ['OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'GITHUB_API_URL'];
const allowed = (key: string, address: string, allowPrivateNetworks: boolean) =>
  checkAddress(address, baseUrlPolicy(key, { allowPrivateNetworks })).allowed;

describe('base URL policy (shared by the save-time and the call-time checks)', () => {
  it('reads the operator opt-in from the environment, true only when it says true', () => {
    expect(baseUrlGuardOptions({ PROVIDER_ALLOW_PRIVATE_NETWORKS: ' TRUE ' })).toEqual({ allowPrivateNetworks: true });
    expect(baseUrlGuardOptions({ PROVIDER_ALLOW_PRIVATE_NETWORKS: '1' })).toEqual({ allowPrivateNetworks: false });
    expect(baseUrlGuardOptions({})).toEqual({ allowPrivateNetworks: false });
  });

  it.each(HOSTED)('%s: public yes, loopback and private only with the opt-in', (key) => {
    expect(allowed(key, '104.18.7.192', false)).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.10', '::ffff:127.0.0.1']) {
      expect(allowed(key, address, false)).toBe(false);
      expect(allowed(key, address, true)).toBe(true);
    }
  });

  it('OLLAMA_HOST: loopback and private without any opt-in (all-in-one runs Ollama on localhost)', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.5']) expect(allowed('OLLAMA_HOST', address, false)).toBe(true);
  });

  it.each([...HOSTED, 'OLLAMA_HOST'])('%s: metadata and link-local never, whatever the opt-in', (key) => {
    for (const address of ['169.254.169.254', '169.254.10.10', 'fe80::1', 'fd00:ec2::254', '100.100.100.200', '::a9fe:a9fe', '0.0.0.0']) {
      expect(allowed(key, address, true)).toBe(false);
    }
  });

  it('names the opt-in in a refusal only where it would help', () => {
    expect(privateNetworkHint('OPENAI_BASE_URL', { allowPrivateNetworks: false })).toContain('PROVIDER_ALLOW_PRIVATE_NETWORKS=true');
    expect(privateNetworkHint('OPENAI_BASE_URL', { allowPrivateNetworks: true })).toBe('');
    expect(privateNetworkHint('OLLAMA_HOST', { allowPrivateNetworks: false })).toBe('');
  });
});
