import { clientKeyOf, trustedProxies } from './client-key';

describe('clientKeyOf: X-Forwarded-For is trusted only from configured proxies', () => {
  const none = trustedProxies([]);

  it('ignores X-Forwarded-For from any peer when no proxy is configured, loopback and private ones included', () => {
    expect(clientKeyOf('127.0.0.1', '198.51.100.7', none)).toBe('127.0.0.1');
    expect(clientKeyOf('::ffff:10.1.2.3', '198.51.100.7', none)).toBe('10.1.2.3');
    expect(clientKeyOf('203.0.113.4', '198.51.100.7', none)).toBe('203.0.113.4');
  });

  it('takes the nearest untrusted hop behind configured proxies (addresses and CIDR ranges), so a client cannot pick its own key', () => {
    const trust = trustedProxies(['10.0.0.0/8', '127.0.0.1']);
    expect(clientKeyOf('10.0.0.2', '198.51.100.7', trust)).toBe('198.51.100.7');
    // The client wrote the first entry itself; the proxy appended the address it saw.
    expect(clientKeyOf('10.0.0.2', '192.0.2.1, 203.0.113.5', trust)).toBe('203.0.113.5');
    expect(clientKeyOf('127.0.0.1', '192.0.2.1, 203.0.113.5, 10.9.9.9', trust)).toBe('203.0.113.5');
    // An untrusted peer's header is ignored.
    expect(clientKeyOf('203.0.113.4', '198.51.100.7', trust)).toBe('203.0.113.4');
    // A proxy that forwarded nothing usable stands for itself.
    expect(clientKeyOf('10.0.0.2', 'not-an-address', trust)).toBe('10.0.0.2');
    expect(clientKeyOf('10.0.0.2', undefined, trust)).toBe('10.0.0.2');
  });

  it('refuses a TRUSTED_PROXIES entry that is neither an address nor a CIDR range', () => {
    expect(() => trustedProxies(['ingress.local'])).toThrow(/ingress\.local/);
    expect(() => trustedProxies(['10.0.0.0/99'])).toThrow(/10\.0\.0\.0\/99/);
  });
});
