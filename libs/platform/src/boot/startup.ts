import { ConfigError, formatConfigProblems, loadConfig, loadDotEnv, type AppConfig, type Shape } from '../config/config';
import { createLogger, type Logger } from '../logging/logger';

/**
 * Loads `.env` and the validated config. A bad configuration stops the process with exit code 1 and the
 * full list of problems on stderr: a service must never start half-configured.
 */
export function loadStartupConfig(shape: Shape, service: string): { config: AppConfig; logger: Logger } {
  loadDotEnv();
  try {
    const config = loadConfig(process.env, { shape, service });
    const logger = createLogger({ level: config.logLevel, service });
    return { config, logger };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${formatConfigProblems(error)}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Logs a fatal start-up failure (never a credential: the error message only) and exits 1. */
export function failStartup(logger: Logger, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  logger.fatal({ err: error }, `start-up failed: ${message}`);
  process.stderr.write(`huntforge: start-up failed: ${message}\n`);
  process.exit(1);
}
