// The address guard is shared with the provider and GitHub base URLs: one implementation, in platform.
export { checkAddress, isIpLiteral, type AddressPolicy, type AddressVerdict } from '@huntforge/platform';
