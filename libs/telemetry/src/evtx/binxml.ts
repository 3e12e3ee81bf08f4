import { readValue, utf16, type EvtxValue } from './values';

/** An element of an event's XML. Children are elements and text values, in document order. */
export interface XmlElement {
  name: string;
  attributes: Array<[string, EvtxValue]>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | EvtxValue;

/** A record whose binary XML cannot be read. */
export class BinXmlError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at chunk offset ${offset}`);
    this.name = 'BinXmlError';
  }
}

interface Substitution {
  offset: number;
  size: number;
  type: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const MAX_DEPTH = 64;

/**
 * Reads binary XML (MS-EVEN6) inside one 64 KiB chunk: element and attribute names and template
 * definitions are referenced by chunk offset, and written inline the first time they are used.
 * Template instances are expanded with their substitution values.
 */
export class BinXmlReader {
  private readonly names = new Map<number, string>();

  constructor(private readonly chunk: Buffer) {}

  /** The nodes of the fragment at `offset`, reading no further than `end`. */
  fragment(offset: number, end: number): XmlNode[] {
    const cursor = { pos: offset };
    const nodes = this.readNodes(cursor, end, null, 0);
    return nodes;
  }

  private readNodes(cursor: { pos: number }, end: number, subs: Substitution[] | null, depth: number): XmlNode[] {
    if (depth > MAX_DEPTH) throw new BinXmlError('binary XML nested too deeply', cursor.pos);
    const nodes: XmlNode[] = [];
    while (cursor.pos < end) {
      const token = this.u8(cursor.pos);
      switch (token) {
        case 0x00:
          cursor.pos++;
          return nodes;
        case 0x0f:
          cursor.pos += 4;
          break;
        case 0x0c:
          nodes.push(...this.templateInstance(cursor, end, depth));
          break;
        case 0x01:
        case 0x41:
          nodes.push(this.element(cursor, end, subs, depth));
          break;
        default:
          throw new BinXmlError(`unexpected binary XML token 0x${token.toString(16)}`, cursor.pos);
      }
    }
    return nodes;
  }

  private templateInstance(cursor: { pos: number }, end: number, depth: number): XmlNode[] {
    const definitionOffset = this.u32(cursor.pos + 6);
    cursor.pos += 10;
    if (definitionOffset + 24 > this.chunk.length) throw new BinXmlError('template definition outside the chunk', cursor.pos);
    const dataSize = this.u32(definitionOffset + 20);
    const dataStart = definitionOffset + 24;
    // Defined here the first time: the definition follows the instance inline.
    if (definitionOffset === cursor.pos) cursor.pos += 24 + dataSize;
    const count = this.u32(cursor.pos);
    cursor.pos += 4;
    if (count > 4096 || cursor.pos + count * 4 > end) throw new BinXmlError(`implausible substitution count ${count}`, cursor.pos);
    const subs: Substitution[] = [];
    let valueOffset = cursor.pos + count * 4;
    for (let index = 0; index < count; index++) {
      const at = cursor.pos + index * 4;
      const size = this.u16(at);
      subs.push({ offset: valueOffset, size, type: this.u8(at + 2) });
      valueOffset += size;
    }
    if (valueOffset > end) throw new BinXmlError('substitution values run past the record', cursor.pos);
    cursor.pos = valueOffset;
    return this.readNodes({ pos: dataStart }, dataStart + dataSize, subs, depth + 1);
  }

  private element(cursor: { pos: number }, end: number, subs: Substitution[] | null, depth: number): XmlElement {
    const start = cursor.pos;
    const hasAttributes = (this.u8(start) & 0x40) !== 0;
    // Token, dependency id (2), data size (4), name offset (4). Some writers leave out the
    // dependency id: the name offset then sits two bytes earlier.
    let nameAt = start + 7;
    if (!this.plausibleName(this.u32(nameAt), nameAt + 4) && this.plausibleName(this.u32(start + 5), start + 9)) nameAt = start + 5;
    cursor.pos = nameAt;
    const name = this.name(cursor);
    if (hasAttributes) cursor.pos += 4;
    const element: XmlElement = { name, attributes: [], children: [] };
    while (hasAttributes && (this.u8(cursor.pos) & 0xbf) === 0x06) {
      cursor.pos++;
      const attribute = this.name(cursor);
      const value = this.valueTokens(cursor, subs, depth);
      if (value !== null) element.attributes.push([attribute, value]);
    }
    const close = this.u8(cursor.pos);
    cursor.pos++;
    if (close === 0x03) return element;
    if (close !== 0x02) throw new BinXmlError(`element <${name}> not closed (token 0x${close.toString(16)})`, cursor.pos - 1);
    for (;;) {
      if (cursor.pos >= end) throw new BinXmlError(`element <${name}> runs past its data`, cursor.pos);
      const token = this.u8(cursor.pos);
      if (token === 0x04) {
        cursor.pos++;
        return element;
      }
      if (token === 0x01 || token === 0x41) element.children.push(this.element(cursor, end, subs, depth + 1));
      else {
        const content = this.contentToken(cursor, subs, depth);
        if (content === undefined) throw new BinXmlError(`unexpected token 0x${token.toString(16)} in <${name}>`, cursor.pos);
        if (Array.isArray(content) && content.length > 0 && isElement(content[0])) element.children.push(...(content as XmlNode[]));
        else if (content !== null) element.children.push(content as EvtxValue);
      }
    }
  }

  /** An attribute's value: value, substitution and reference tokens up to the next attribute or close. */
  private valueTokens(cursor: { pos: number }, subs: Substitution[] | null, depth: number): EvtxValue {
    const parts: EvtxValue[] = [];
    for (;;) {
      const token = this.u8(cursor.pos) & 0xbf;
      if (![0x05, 0x07, 0x08, 0x09, 0x0d, 0x0e].includes(token)) break;
      const content = this.contentToken(cursor, subs, depth);
      if (content !== null && content !== undefined && !(Array.isArray(content) && content.some(isElement)))
        parts.push(content as EvtxValue);
    }
    if (parts.length === 0) return null;
    return parts.length === 1 ? (parts[0] as EvtxValue) : parts.map((part) => String(part)).join('');
  }

  /** Text, substitution, CDATA and reference tokens; undefined when the token is none of them. */
  private contentToken(cursor: { pos: number }, subs: Substitution[] | null, depth: number): EvtxValue | XmlNode[] | undefined {
    const token = this.u8(cursor.pos) & 0xbf;
    switch (token) {
      case 0x05: {
        const length = this.u16(cursor.pos + 2);
        const text = utf16(this.chunk, cursor.pos + 4, length * 2);
        cursor.pos += 4 + length * 2;
        return text;
      }
      case 0x07: {
        const length = this.u16(cursor.pos + 1);
        const text = utf16(this.chunk, cursor.pos + 3, length * 2);
        cursor.pos += 3 + length * 2;
        return text;
      }
      case 0x08: {
        const code = this.u16(cursor.pos + 1);
        cursor.pos += 3;
        return String.fromCharCode(code);
      }
      case 0x09: {
        cursor.pos++;
        const entity = this.name(cursor);
        return ENTITIES[entity] ?? `&${entity};`;
      }
      case 0x0a:
      case 0x0b:
        return undefined;
      case 0x0d:
      case 0x0e: {
        const index = this.u16(cursor.pos + 1);
        cursor.pos += 4;
        const sub = subs?.[index];
        if (!sub || sub.type === 0x00 || sub.size === 0) return null;
        if (sub.type === 0x21) return this.readNodes({ pos: sub.offset }, sub.offset + sub.size, null, depth + 1);
        if (sub.offset + sub.size > this.chunk.length) throw new BinXmlError('substitution value outside the chunk', sub.offset);
        return readValue(this.chunk, sub.offset, sub.size, sub.type);
      }
      default:
        return undefined;
    }
  }

  /** A name referenced at the cursor (4-byte offset), skipping it when it is written inline there. */
  private name(cursor: { pos: number }): string {
    const offset = this.u32(cursor.pos);
    cursor.pos += 4;
    const length = offset + 8 <= this.chunk.length ? this.u16(offset + 6) : -1;
    if (length < 0 || offset + 8 + length * 2 > this.chunk.length)
      throw new BinXmlError(`name offset ${offset} outside the chunk`, cursor.pos - 4);
    if (offset === cursor.pos) cursor.pos += 8 + length * 2 + 2;
    let name = this.names.get(offset);
    if (name === undefined) {
      name = utf16(this.chunk, offset + 8, length * 2);
      this.names.set(offset, name);
    }
    return name;
  }

  private plausibleName(offset: number, inlineAt: number): boolean {
    if (offset < 0x200 || offset + 10 > this.chunk.length) return false;
    if (offset !== inlineAt && offset > inlineAt) return false;
    const length = this.u16(offset + 6);
    return length > 0 && length < 256 && offset + 8 + length * 2 + 2 <= this.chunk.length && this.u16(offset + 8 + length * 2) === 0;
  }

  private u8(at: number): number {
    if (at >= this.chunk.length) throw new BinXmlError('binary XML runs past the chunk', at);
    return this.chunk.readUInt8(at);
  }

  private u16(at: number): number {
    if (at + 2 > this.chunk.length) throw new BinXmlError('binary XML runs past the chunk', at);
    return this.chunk.readUInt16LE(at);
  }

  private u32(at: number): number {
    if (at + 4 > this.chunk.length) throw new BinXmlError('binary XML runs past the chunk', at);
    return this.chunk.readUInt32LE(at);
  }
}

export function isElement(node: unknown): node is XmlElement {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && 'children' in node;
}
