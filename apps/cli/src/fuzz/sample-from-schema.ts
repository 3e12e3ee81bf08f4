import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** The subset of JSON Schema zod emits that the sampler reads. */
export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
}

/** A route's request schema as JSON Schema (its input side, the shape a client sends). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings that satisfy the patterns the routes use often; the first that matches is taken. */
const PATTERN_CANDIDATES = [
  'abc',
  'owner/name',
  'a-b',
  'a_b',
  'A',
  '1',
  '0 0 * * *',
  'x.y',
  'gpt-4.1-mini',
  'hf_abcdefghijklmnopqrstuvwxyz0123',
];

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'date-time':
      return '2026-01-15T10:00:00.000Z';
    case 'date':
      return '2026-01-15';
    case 'uuid':
      return randomUUID();
    case 'uri':
    case 'url':
      return 'https://example.test/a';
    case 'email':
      return 'a@example.test';
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fits = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (fits) return fits;
  }
  const length = Math.min(Math.max(schema.minLength ?? 1, 3), schema.maxLength ?? 3);
  return 'x'.repeat(Math.max(length, schema.minLength ?? 0));
}

function sampleNumber(schema: JsonSchema): number {
  if (schema.minimum !== undefined) return schema.minimum;
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1;
  return schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1;
}

/**
 * A value of `schema` with every property present (optional ones too, so every string field is
 * reachable), one item per array, the first choice of unions and enums. It is valid for most routes;
 * where a rule cannot be read from the schema (a refinement, a pattern we have no candidate for) it is
 * merely well-typed, which is all a fuzz needs to reach past the shape checks.
 */
export function sampleOf(schema: JsonSchema, root: JsonSchema = schema, depth = 0): unknown {
  if (depth > 12) return null;
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = schema.$ref === '#' ? root : root.$defs?.[name];
    return target ? sampleOf(target, root, depth + 1) : null;
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) {
    const preferred = choices.find((choice) => choice.type !== 'null') ?? choices[0];
    return preferred ? sampleOf(preferred, root, depth + 1) : null;
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, root, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sampleOf(item, root, depth + 1));
      const count = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: count }, () => (schema.items ? sampleOf(schema.items, root, depth + 1) : 'x'));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleOf(property, root, depth + 1)]),
      );
    default:
      return schema.properties ? sampleOf({ ...schema, type: 'object' }, root, depth) : {};
  }
}

export type JsonPath = ReadonlyArray<string | number>;

/** Where `value` holds a string, as paths from its root. */
export function stringPositions(value: unknown, path: JsonPath = []): JsonPath[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPositions(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPositions(item, [...path, key]));
  return [];
}

/** A deep copy of `value` with the value at `path` replaced. */
export function replaceAt(value: unknown, path: JsonPath, replacement: (current: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}
