import { Prisma } from './generated/prisma/client';

function isKnownRequestError(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError;
}

/** A unique index refused the write: ORM queries report P2002, raw queries the PostgreSQL code 23505. */
export function isUniqueViolation(error: unknown): boolean {
  if (!isKnownRequestError(error)) return false;
  return error.code === 'P2002' || /23505|duplicate key value violates unique constraint/.test(detailOf(error));
}

/** A query error's detail (meta and message), where a raw query's PostgreSQL error code shows up; '' for anything else. */
export function detailOf(error: unknown): string {
  return isKnownRequestError(error) ? JSON.stringify(error.meta ?? {}) + error.message : '';
}

/** A foreign key refused the write: ORM queries report P2003, raw queries the PostgreSQL code 23503. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!isKnownRequestError(error)) return false;
  return error.code === 'P2003' || /23503|violates foreign key constraint/.test(detailOf(error));
}
