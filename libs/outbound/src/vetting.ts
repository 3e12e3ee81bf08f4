import type { LookupFunction } from 'node:net';
import { checkAddress, type AddressPolicy } from './address-policy';
import { OutboundUrlError, type HostResolver } from './outbound-error';

type LookupCallback = (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

function familyOf(address: string): 4 | 6 {
  return address.includes(':') ? 6 : 4;
}

/** Every address a name resolves to must pass the policy: one private answer among public ones refuses the name. */
export function vetAddresses(hostname: string, addresses: string[], policy: AddressPolicy): void {
  if (addresses.length === 0) throw new OutboundUrlError('url_not_allowed', `${hostname} resolved to no address`);
  for (const address of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.allowed) throw new OutboundUrlError('url_not_allowed', `${hostname} is refused: ${verdict.reason}`);
  }
}

/**
 * The socket's own lookup: the name is resolved when the connection is opened and the socket connects to the very
 * addresses that were vetted, so a name that answered with a public address when the URL was saved and answers with
 * a metadata or private one now (DNS rebinding) is refused instead of reached.
 */
export function vettingLookup(policy: AddressPolicy, resolve: HostResolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        try {
          vetAddresses(hostname, addresses, policy);
        } catch (error) {
          callback(error as Error, []);
          return;
        }
        if (options?.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: familyOf(address) })),
          );
        else callback(null, addresses[0] as string, familyOf(addresses[0] as string));
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  }) as LookupFunction;
}

/** The refusal behind an error, however deep the SDKs and undici wrapped it ("fetch failed" → cause → ...). */
export function outboundRefusalOf(error: unknown): OutboundUrlError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    if (current instanceof OutboundUrlError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
