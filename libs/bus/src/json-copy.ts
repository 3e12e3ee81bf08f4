/**
 * The value `JSON.parse(JSON.stringify(value))` gives, without writing and reading the text: what a consumer
 * of the in-process bus receives is the copy it would receive through RabbitMQ (Dates as ISO strings,
 * `undefined` members gone, `NaN` as null, `toJSON` applied), and no later change the producer makes to its
 * objects reaches it. Strings are shared rather than copied: they cannot change. An article's text travels
 * in requests, and escaping it to JSON and reading it back cost more than everything else the bus does.
 *
 * Plain objects, arrays and primitives are copied here; any other value (a class instance without `toJSON`, a
 * boxed primitive, a Map, a typed array, a raw JSON value) is copied through JSON itself. A cycle, a BigInt or
 * nesting too deep for this walk starts the whole copy over through JSON, which throws as it always did.
 * Returns undefined where JSON.stringify would (a function, a symbol or undefined at the top).
 */
export function jsonCopy(value: unknown): unknown {
  try {
    const copied = copyProperty(value, '', []);
    return copied === OMITTED ? undefined : copied;
  } catch {
    return throughJson(value);
  }
}

const OMITTED = Symbol('omitted');

function throughJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/** JSON's SerializeJSONProperty: the copy of a member, or OMITTED where JSON would leave it out. */
function copyProperty(input: unknown, key: string, ancestors: object[]): unknown {
  let value = input;
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key);
  } else if (typeof value === 'bigint') {
    throw new TypeError('BigInt: serialised by JSON itself');
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0 and non-finite numbers as null.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'undefined':
    case 'function':
    case 'symbol':
      return OMITTED;
    case 'bigint':
      throw new TypeError('BigInt: serialised by JSON itself');
    default:
      return value === null ? null : copyObject(value as object, ancestors);
  }
}

function copyObject(value: object, ancestors: object[]): unknown {
  const prototype = Object.getPrototypeOf(value) as unknown;
  const array = Array.isArray(value) && prototype === Array.prototype;
  const plain = !array && (prototype === Object.prototype || (prototype === null && !isRawJson(value)));
  if (!array && !plain) {
    // JSON would not call a toJSON of what a toJSON returned; JSON.stringify of it alone would: start over.
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw new TypeError('toJSON returned a value with a toJSON');
    return throughJson(value);
  }
  if (ancestors.includes(value)) throw new TypeError('cycle: reported by JSON itself');
  ancestors.push(value);
  let copy: unknown;
  if (array) {
    const list = value as unknown[];
    const out = new Array<unknown>(list.length);
    for (let i = 0; i < list.length; i++) {
      const member = copyProperty(list[i], String(i), ancestors);
      out[i] = member === OMITTED ? null : member;
    }
    copy = out;
  } else {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const member = copyProperty((value as Record<string, unknown>)[key], key, ancestors);
      if (member === OMITTED) continue;
      // JSON.parse makes `__proto__` an own member; an assignment would set the prototype instead.
      if (key === '__proto__') Object.defineProperty(out, key, { value: member, writable: true, enumerable: true, configurable: true });
      else out[key] = member;
    }
    copy = out;
  }
  ancestors.pop();
  return copy;
}

function isRawJson(value: object): boolean {
  const isRaw = (JSON as { isRawJSON?: (value: unknown) => boolean }).isRawJSON;
  return typeof isRaw === 'function' && isRaw(value);
}
