import { isElement, type XmlElement } from './binxml';
import type { EvtxValue } from './values';

/**
 * An event's XML as evtx_dump writes it in JSON (the shape Chainsaw and Hayabusa read): an element
 * with only text is its value, attributes go under `#attributes` and text beside them under `#text`,
 * an empty element is null, `<Data Name="X">v</Data>` becomes `"X": v`, and repeated names a list.
 */
export function eventJson(root: XmlElement): Record<string, unknown> {
  return { [root.name]: elementJson(root) };
}

function elementJson(element: XmlElement): unknown {
  const attributes = element.attributes.length > 0 ? Object.fromEntries(element.attributes) : null;
  const children = element.children.filter(isElement);
  if (children.length === 0) {
    const text = textOf(element.children as EvtxValue[]);
    if (!attributes) return text;
    return text === null ? { '#attributes': attributes } : { '#attributes': attributes, '#text': text };
  }
  const grouped = new Map<string, unknown[]>();
  for (const child of children) {
    const nameAttribute = child.name === 'Data' ? child.attributes.find(([name]) => name === 'Name') : undefined;
    const key = nameAttribute && typeof nameAttribute[1] === 'string' ? nameAttribute[1] : child.name;
    const value = nameAttribute ? (textOf(child.children.filter((node) => !isElement(node)) as EvtxValue[]) ?? '') : elementJson(child);
    const values = grouped.get(key);
    if (values) values.push(value);
    else grouped.set(key, [value]);
  }
  const out: Record<string, unknown> = attributes ? { '#attributes': attributes } : {};
  for (const [key, values] of grouped) out[key] = values.length === 1 ? values[0] : values;
  return out;
}

/** Text content: one value as it is (a number stays a number), several joined as text. */
function textOf(values: readonly EvtxValue[]): EvtxValue {
  const present = values.filter((value) => value !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0] as EvtxValue;
  return present.map((value) => (Array.isArray(value) ? value.join(',') : String(value))).join('');
}
