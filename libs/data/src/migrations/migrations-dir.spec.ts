import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMigrationsDir } from './migrations-dir';

describe('resolveMigrationsDir', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'huntforge-root-'));
    await mkdir(join(root, 'prisma', 'migrations'), { recursive: true });
    await mkdir(join(root, 'dist', 'apps', 'gateway'), { recursive: true });
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('finds prisma/migrations above a bundled app', () => {
    expect(resolveMigrationsDir({}, [join(root, 'dist', 'apps', 'gateway')])).toBe(join(root, 'prisma', 'migrations'));
  });

  it('tries each start folder in turn', () => {
    expect(resolveMigrationsDir({}, [tmpdir(), join(root, 'dist')])).toBe(join(root, 'prisma', 'migrations'));
  });

  it('prefers MIGRATIONS_DIR', () => {
    expect(resolveMigrationsDir({ MIGRATIONS_DIR: '/opt/huntforge/migrations' }, [root])).toBe('/opt/huntforge/migrations');
  });

  it('finds the repository folder from source', () => {
    expect(resolveMigrationsDir({})).toMatch(/prisma[/\\]migrations$/);
  });

  it('explains itself when nothing is found', () => {
    expect(() => resolveMigrationsDir({}, ['/'])).toThrow(/MIGRATIONS_DIR/);
  });
});
