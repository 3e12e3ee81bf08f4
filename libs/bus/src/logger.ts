/**
 * The slice of a logger the bus writes to. A pino logger satisfies it as is; the bus is an adapter and
 * must not depend on the platform's logging setup.
 */
export interface BusLogger {
  debug(obj: Record<string, unknown>, msg: string): void;
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

const ignore = (): void => undefined;

/** The default when no logger is given: the bus never writes to stdout on its own. */
export const silentLogger: BusLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };

/** A log-friendly description of anything thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
