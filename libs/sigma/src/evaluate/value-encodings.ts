/** The byte encodings of a rule value that Sigma's `utf16*`/`wide` and `base64*` modifiers describe. */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf16';

export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf8') return new TextEncoder().encode(text);
  const units: number[] = [];
  for (let index = 0; index < text.length; index++) units.push(text.charCodeAt(index));
  // `utf16` is little-endian with its byte-order mark, as PowerShell's Unicode encoding writes it.
  const withBom = encoding === 'utf16' ? [0xfeff, ...units] : units;
  const bytes = new Uint8Array(withBom.length * 2);
  withBom.forEach((unit, index) => {
    const [first, second] = encoding === 'utf16be' ? [unit >> 8, unit & 0xff] : [unit & 0xff, unit >> 8];
    bytes[index * 2] = first;
    bytes[index * 2 + 1] = second;
  });
  return bytes;
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The three forms the value takes inside a longer base64 text, one per alignment of its first byte:
 * the characters that depend on the unknown neighbouring bytes are cut off both ends.
 */
export function base64OffsetVariants(bytes: Uint8Array): string[] {
  const startCut = [0, 2, 3];
  const endCut = [0, 3, 2];
  return [0, 1, 2].map((shift) => {
    const padded = new Uint8Array(shift + bytes.length);
    padded.fill(0x20, 0, shift);
    padded.set(bytes, shift);
    const encoded = base64(padded);
    const cut = endCut[(bytes.length + shift) % 3] ?? 0;
    return encoded.slice(startCut[shift], cut === 0 ? undefined : encoded.length - cut);
  });
}

/**
 * The base64 characters fixed by the value alone when more bytes may follow it (`base64|contains`):
 * the padding and the last character, which also encodes bits of the next byte, are left out.
 */
export function base64Prefix(bytes: Uint8Array): string {
  return base64OffsetVariants(bytes)[0] ?? '';
}
