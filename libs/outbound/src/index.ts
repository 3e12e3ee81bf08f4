// The outbound address policy, free of I/O: the gateway (save time), ingestion and libs/llm (connection time) share it.
export { checkAddress, isIpLiteral, type AddressPolicy, type AddressVerdict } from './address-policy';
export { baseUrlGuardOptions, baseUrlPolicy, isLocalProviderKey, privateNetworkHint, type BaseUrlGuardOptions } from './base-url-policy';
export { OutboundUrlError, type HostResolver } from './outbound-error';
export { outboundRefusalOf, vetAddresses, vettingLookup } from './vetting';
