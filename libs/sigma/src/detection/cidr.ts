export type CidrTest = (address: string) => boolean;

/** Parses `10.0.0.0/8` or `2001:db8::/32` (a bare address is a /32 or /128) into a membership test. */
export function parseCidr(text: string): CidrTest | null {
  const [addressText, prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !addressText) return null;
  const network = parseAddress(addressText);
  if (!network) return null;
  const bits = network.length * 8;
  const prefix = prefixText === undefined ? bits : /^\d+$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= bits)) return null;
  return (candidate) => {
    const address = parseAddress(candidate.trim());
    return address !== null && address.length === network.length && samePrefix(address, network, prefix);
  };
}

function samePrefix(left: Uint8Array, right: Uint8Array, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const width = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    const index = bit / 8;
    if (((left[index] ?? 0) & mask) !== ((right[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** An IPv4 (4 bytes) or IPv6 (16 bytes) address, or null. */
export function parseAddress(text: string): Uint8Array | null {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    const octets = text.split('.').map(Number);
    return octets.every((octet) => octet <= 255) ? Uint8Array.from(octets) : null;
  }
  return parseIpv6(text.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
}

function parseIpv6(input: string): Uint8Array | null {
  let text = input;
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.slice(lastColon + 1).includes('.')) {
    // An embedded IPv4 tail (`::ffff:10.0.0.1`) is the last two groups.
    const v4 = parseAddress(text.slice(lastColon + 1));
    if (!v4 || v4.length !== 4) return null;
    const hex = (high: number, low: number): string => (((high << 8) | low) >>> 0).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(v4[0] ?? 0, v4[1] ?? 0)}:${hex(v4[2] ?? 0, v4[3] ?? 0)}`;
  }
  if (!/^[0-9A-Fa-f:]+$/.test(text) || text.split('::').length > 2) return null;
  const [head = '', rest] = text.split('::');
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    if (groups.some((group) => !/^[0-9A-Fa-f]{1,4}$/.test(group))) return null;
    return groups.map((group) => parseInt(group, 16));
  };
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  if (!left || !right) return null;
  const known = left.length + right.length;
  if (rest === undefined ? known !== 8 : known > 7) return null;
  const groups = [...left, ...new Array<number>(8 - known).fill(0), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}
