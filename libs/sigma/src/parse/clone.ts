/**
 * Deep copy of parsed YAML (plain objects, arrays, scalars). Not structuredClone: its result can come
 * from another realm (jest's VM), whose objects js-yaml's dump refuses as "not plain".
 */
export function cloneDoc<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneDoc(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneDoc(item)])) as T;
  }
  return value;
}
