export { checkAddress, isIpLiteral, type AddressPolicy, type AddressVerdict } from './address-policy';
export { checkOutboundUrl, OutboundUrlError, systemHostResolver, type HostResolver } from './outbound-url';
