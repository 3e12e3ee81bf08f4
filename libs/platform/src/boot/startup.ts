import { ConfigError, formatConfigProblems, loadConfig, loadDotEnv, type AppConfig, type EnvSchema, type Shape } from '../config/config';
import { createLogger, type Logger } from '../logging/logger';

/**
 * Loads `.env` and the validated config: the shared variables and the own variables of the services this process
 * runs (`serviceEnv`), before anything connects or migrates. A bad configuration stops the process with exit code 1
 * and the full list of problems on stderr: a service must never start half-configured.
 */
export function loadStartupConfig(
  shape: Shape,
  service: string,
  serviceEnv: readonly EnvSchema[] = [],
): { config: AppConfig; logger: Logger } {
  loadDotEnv();
  try {
    const config = loadConfig(process.env, { shape, service, serviceEnv });
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
