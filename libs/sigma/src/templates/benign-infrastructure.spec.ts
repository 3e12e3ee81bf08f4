import { isBenignInfrastructure } from './benign-infrastructure';

describe('isBenignInfrastructure', () => {
  it('knows resolvers, code hosts and cloud sign-in front doors, subdomains included', () => {
    for (const host of [
      '8.8.8.8',
      'raw.githubusercontent.com',
      'login.microsoftonline.com',
      'aadcdn.msftauth.net',
      'acme.okta.com',
      'Login.MicrosoftOnline.com.',
    ]) {
      expect({ host, benign: isBenignInfrastructure(host) }).toEqual({ host, benign: true });
    }
  });

  it('does not take look-alikes or unrelated hosts for them', () => {
    for (const host of [
      'microsoftonline.com.evil.top',
      'login-microsoftonline.com',
      'msftauth.net.example',
      '91.202.233.18',
      'verify-cloudflare.top',
    ]) {
      expect({ host, benign: isBenignInfrastructure(host) }).toEqual({ host, benign: false });
    }
  });
});
