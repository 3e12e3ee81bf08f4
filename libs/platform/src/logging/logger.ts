import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { AppConfig } from '../config/config';
import { REDACT_PATHS, REDACTED } from './redaction';

export type Logger = PinoLogger;

export interface CreateLoggerOptions {
  level: AppConfig['logLevel'];
  service: string;
  /** Where JSON lines go; stdout when omitted. Tests pass a stream to read what was logged. */
  destination?: DestinationStream;
}

/** JSON lines with ISO timestamps, level names, `service` and `pid` on every line, secrets redacted. */
export function createLogger(options: CreateLoggerOptions): Logger {
  const settings = {
    level: options.level,
    base: { service: options.service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
