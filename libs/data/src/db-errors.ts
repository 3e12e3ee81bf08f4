import { Prisma } from './generated/prisma/client';

function isKnownRequestError(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError;
}

/** A foreign key refused the write: ORM queries report P2003, raw queries the PostgreSQL code 23503. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!isKnownRequestError(error)) return false;
  return error.code === 'P2003' || /23503|violates foreign key constraint/.test(JSON.stringify(error.meta ?? {}) + error.message);
}
