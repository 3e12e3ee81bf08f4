import type { Prisma, PrismaClient } from './generated/prisma/client';
import type { SqlDriver } from './drivers/sql-session';

/** The driver under each client createDb made. */
const drivers = new WeakMap<PrismaClient, SqlDriver>();

export function notePlainSqlDriver(prisma: PrismaClient, driver: SqlDriver): void {
  drivers.set(prisma, driver);
}

/** Runs one statement built with Prisma.sql and answers its rows. */
export type PlainQuery = <Row>(statement: Prisma.Sql) => Promise<Row[]>;

/**
 * Statements straight to the database's driver for a client createDb made (through prisma.$queryRaw for any
 * other, such as an extended client). Why: $queryRaw writes every parameter into one JSON text and parses it
 * back before the driver sees it, which for a write of a run's results (tens of KB of JSON) cost more than
 * Prisma's whole round trip. The statement must be self-contained: values cast in the SQL text (`${x}::jsonb`),
 * as the driver does not know Prisma's types. Database errors arrive as the driver's (code, detail), not as
 * Prisma's known request errors: use it where no caller tells one error from another.
 */
export function plainQuery(prisma: PrismaClient): PlainQuery {
  const driver = drivers.get(prisma);
  if (!driver) return <Row>(statement: Prisma.Sql) => prisma.$queryRaw<Row[]>(statement);
  return <Row>(statement: Prisma.Sql) => driver.withSession((session) => session.query<Row>(statement.text, statement.values));
}
