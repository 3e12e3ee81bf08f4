// The address policy lives in libs/outbound (a domain lib, free of I/O) so libs/llm can apply it at call time too;
// re-exported here for the services that already take it from the platform, beside the resolving check.
export {
  checkAddress,
  isIpLiteral,
  OutboundUrlError,
  type AddressPolicy,
  type AddressVerdict,
  type HostResolver,
} from '@huntforge/outbound';
export { checkOutboundUrl, systemHostResolver } from './outbound-url';
