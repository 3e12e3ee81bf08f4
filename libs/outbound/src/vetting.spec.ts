import { OutboundUrlError, type HostResolver } from './outbound-error';
import { outboundRefusalOf, vetAddresses, vettingLookup } from './vetting';

type LookupAnswer = { error: Error | null; address: unknown; family?: number };

/** Calls the socket lookup the way net.connect does, with a resolver that answers from a table (no DNS). */
function lookUp(resolve: HostResolver, allowPrivateNetworks: boolean, all: boolean): Promise<LookupAnswer> {
  const lookup = vettingLookup({ allowPrivateNetworks }, resolve) as unknown as (
    hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: unknown, family?: number) => void,
  ) => void;
  return new Promise((done) => lookup('llm.example.test', { all }, (error, address, family) => done({ error, address, family })));
}

const answering =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses;

describe('the lookup the guarded connections use', () => {
  it('hands the socket exactly the vetted addresses (one, or all for happy eyeballs)', async () => {
    expect(await lookUp(answering('104.18.7.192'), false, false)).toEqual({ error: null, address: '104.18.7.192', family: 4 });
    expect(await lookUp(answering('10.0.0.7', 'fd12::7'), true, true)).toEqual({
      error: null,
      address: [
        { address: '10.0.0.7', family: 4 },
        { address: 'fd12::7', family: 6 },
      ],
      family: undefined,
    });
  });

  it('refuses a name whose answer is private without the opt-in, or metadata ever', async () => {
    const loopback = await lookUp(answering('127.0.0.1'), false, false);
    expect(loopback.error).toBeInstanceOf(OutboundUrlError);
    expect(loopback.error?.message).toBe('llm.example.test is refused: 127.0.0.1 is a loopback address');
    const metadata = await lookUp(answering('169.254.169.254'), true, true);
    expect(metadata.error?.message).toContain('cloud metadata');
  });

  it('refuses a name when any of its answers is refused (a public one cannot cover a private one)', async () => {
    const mixed = await lookUp(answering('104.18.7.192', '169.254.169.254'), true, true);
    expect(mixed.error).toBeInstanceOf(OutboundUrlError);
    expect((await lookUp(answering(), true, false)).error?.message).toContain('resolved to no address');
  });

  it('passes resolver failures on as connection errors, not refusals', async () => {
    const failing: HostResolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND llm.example.test'), { code: 'ENOTFOUND' });
    };
    const answer = await lookUp(failing, false, false);
    expect(answer.error?.message).toContain('ENOTFOUND');
    expect(answer.error).not.toBeInstanceOf(OutboundUrlError);
  });

  it('finds the refusal however deep the SDK and undici wrapped it', () => {
    const refusal = new OutboundUrlError('url_not_allowed', 'x is refused');
    const wrapped = new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: refusal }) });
    expect(outboundRefusalOf(wrapped)).toBe(refusal);
    expect(outboundRefusalOf(new Error('fetch failed', { cause: new Error('ECONNREFUSED') }))).toBeUndefined();
    expect(() => vetAddresses('[::1]', ['::1'], { allowPrivateNetworks: false })).toThrow(OutboundUrlError);
  });
});
