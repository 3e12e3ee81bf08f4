import { z } from 'zod';
import { providerTestsEnvSchema } from './provider-tests/provider-tests-config';

/** Every variable the gateway reads beyond the shared ones, checked at start-up before migrations. */
export const GATEWAY_ENV = [
  providerTestsEnvSchema,
  z.object({
    /** Where the built web application is (default dist/web found from the working directory). */
    WEB_DIST_DIR: z.string().trim().min(1).optional(),
    /** Where backups are written (default DATA_DIR/backups). */
    BACKUP_DIR: z.string().trim().min(1).optional(),
    /** Folder of PostgreSQL's client programs (pg_dump, pg_restore) when they are not on PATH. */
    PG_BIN_DIR: z.string().trim().min(1).optional(),
    /** The backup schedule's crontab: another program than `crontab`, another user's crontab (root only), the install. */
    CRONTAB_COMMAND: z.string().trim().min(1).optional(),
    CRONTAB_USER: z.string().trim().min(1).optional(),
    HUNTFORGE_PROJECT_DIR: z.string().trim().min(1).optional(),
  }),
] as const;
