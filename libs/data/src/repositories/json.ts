import { Prisma } from '../generated/prisma/client';

/**
 * Ports take `unknown` payloads; Prisma wants JSON. A JSON round trip turns the value into exactly
 * what will be stored (dates become strings, undefined keys vanish).
 */
function asJson(value: unknown): Prisma.InputJsonValue {
  const json: Prisma.InputJsonValue = JSON.parse(JSON.stringify(value));
  return json;
}

/** For a NOT NULL json column: a missing value is stored as JSON `null`. */
export function toJsonValue(value: unknown): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  return value === undefined || value === null ? Prisma.JsonNull : asJson(value);
}

/** For a nullable json column: a missing value is stored as SQL NULL. */
export function toNullableJsonValue(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return value === undefined || value === null ? Prisma.DbNull : asJson(value);
}
