import { messages } from '@electric-sql/pglite';
import type { SerializedError } from './protocol';

type DatabaseError = InstanceType<typeof messages.DatabaseError>;

function databaseError(message: string, fields: Record<string, string>): DatabaseError {
  // A real DatabaseError: Prisma's PGlite adapter maps errors by `instanceof` (unique violation → P2002, ...).
  const error = new messages.DatabaseError(message, 0, 'error');
  Object.assign(error, fields);
  return error;
}

/** An error from the PGlite thread, re-created on this side with its class and fields. */
export function reviveError(serialized: SerializedError): Error {
  let error: Error;
  if (serialized.database) {
    error = databaseError(serialized.message, serialized.fields);
  } else {
    error = new Error(serialized.message);
    error.name = serialized.name;
  }
  // Keep both stacks: where the caller asked, and where the thread failed.
  error.stack = `${error.stack ?? ''}\n    --- in the PGlite thread ---\n${serialized.stack ?? ''}`;
  return error;
}

/** What PostgreSQL answers when statement_timeout stops a statement. */
export function statementTimeoutError(timeoutMs: number): DatabaseError {
  return databaseError('canceling statement due to statement timeout', {
    severity: 'ERROR',
    code: '57014',
    detail: `The statement ran longer than statement_timeout (${timeoutMs} ms); the embedded database was restarted to stop it.`,
  });
}

/** What PostgreSQL answers inside a transaction that an earlier error (here, a statement timeout) ended. */
export function abortedTransactionError(): DatabaseError {
  return databaseError('current transaction is aborted, commands ignored until end of transaction block', {
    severity: 'ERROR',
    code: '25P02',
  });
}
