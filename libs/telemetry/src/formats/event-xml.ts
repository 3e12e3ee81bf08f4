import type { XmlElement, XmlNode } from '../evtx/binxml';

/** XML that is not a well-formed event. */
export class EventXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventXmlError';
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.:-]*/;

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/**
 * Parses one event's XML as Windows renders it (wevtutil, Event Viewer's "Save as XML", Sysmon for
 * Linux in syslog) into the element tree the EVTX reader also produces. Enough XML for events:
 * elements, attributes, text, entities, CDATA; declarations, comments and processing instructions
 * are skipped.
 */
export function parseEventXml(text: string): XmlElement {
  let pos = 0;
  const fail = (message: string): never => {
    throw new EventXmlError(`${message} at character ${pos}`);
  };
  const skipMisc = (): void => {
    for (;;) {
      while (pos < text.length && /\s/.test(text[pos] as string)) pos++;
      if (text.startsWith('<?', pos)) pos = text.indexOf('?>', pos) + 2 || fail('unterminated declaration');
      else if (text.startsWith('<!--', pos)) pos = text.indexOf('-->', pos) + 3 || fail('unterminated comment');
      else return;
    }
  };
  const element = (depth: number): XmlElement => {
    if (depth > 64) fail('XML nested too deeply');
    if (text[pos] !== '<') fail('expected an element');
    pos++;
    const name = NAME.exec(text.slice(pos, pos + 200))?.[0] ?? fail('expected an element name');
    pos += name.length;
    const node: XmlElement = { name: localName(name), attributes: [], children: [] };
    for (;;) {
      while (/\s/.test(text[pos] ?? '')) pos++;
      if (text.startsWith('/>', pos)) {
        pos += 2;
        return node;
      }
      if (text[pos] === '>') {
        pos++;
        break;
      }
      const attribute = NAME.exec(text.slice(pos, pos + 200))?.[0] ?? fail(`bad attribute in <${name}>`);
      pos += attribute.length;
      while (/\s/.test(text[pos] ?? '')) pos++;
      if (text[pos] !== '=') fail(`attribute ${attribute} has no value`);
      pos++;
      while (/\s/.test(text[pos] ?? '')) pos++;
      const quote = text[pos];
      if (quote !== '"' && quote !== "'") fail(`attribute ${attribute} is not quoted`);
      const close = text.indexOf(quote as string, pos + 1);
      if (close < 0) fail(`attribute ${attribute} is not closed`);
      node.attributes.push([localName(attribute), decode(text.slice(pos + 1, close))]);
      pos = close + 1;
    }
    const children: XmlNode[] = [];
    let textRun = '';
    for (;;) {
      if (pos >= text.length) fail(`<${name}> is not closed`);
      if (text.startsWith('</', pos)) {
        const close = text.indexOf('>', pos);
        if (close < 0 || text.slice(pos + 2, close).trim() !== name) fail(`</${name}> expected`);
        pos = close + 1;
        break;
      }
      if (text.startsWith('<![CDATA[', pos)) {
        const close = text.indexOf(']]>', pos);
        if (close < 0) fail('unterminated CDATA');
        textRun += text.slice(pos + 9, close);
        pos = close + 3;
      } else if (text.startsWith('<!--', pos)) {
        pos = text.indexOf('-->', pos) + 3 || fail('unterminated comment');
      } else if (text[pos] === '<') {
        children.push(element(depth + 1));
      } else {
        const next = text.indexOf('<', pos);
        const end = next < 0 ? text.length : next;
        textRun += decode(text.slice(pos, end));
        pos = end;
      }
    }
    // Indentation between child elements is not content.
    const hasElements = children.length > 0;
    if (!hasElements && textRun !== '') children.push(textRun);
    else if (hasElements && textRun.trim() !== '') children.push(textRun.trim());
    node.children = children;
    return node;
  };
  skipMisc();
  const root = element(0);
  return root;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}
