// Prisma 7 reads the datasource URL from here, not from schema.prisma. DATABASE_URL is optional:
// `prisma generate`, `validate` and `format` need none, and all-in-one mode runs on PGlite.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  ...(process.env['DATABASE_URL'] ? { datasource: { url: process.env['DATABASE_URL'] } } : {}),
});
