import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from './db';
import { DatabaseInUseError, processStartTicks } from './drivers/directory-lock';
import { migrateDb } from './migrations/migrate-db';
import { infraUrl } from '@huntforge/test-kit';

jest.setTimeout(60_000);

describe('createDb on PGlite', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'huntforge-data-'));
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps data under dataDir/pglite across restarts', async () => {
    const first = await createDb({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateDb(first);
    await first.repos.audit.record({ type: 'restart.probe', actor: null, payload: { n: 1 } });
    await first.close();

    const second = await createDb({ dataDir });
    try {
      await expect(migrateDb(second)).resolves.toEqual({ applied: [] });
      await expect(second.repos.audit.list({ type: 'restart.probe' })).resolves.toMatchObject([{ payload: { n: 1 } }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a second handle on the same directory until the first closes', async () => {
    const first = await createDb({ dataDir });
    try {
      await expect(createDb({ dataDir })).rejects.toThrow(DatabaseInUseError);
    } finally {
      await first.close();
    }
    const again = await createDb({ dataDir });
    await again.close();
  });

  it("refuses while another live process holds the directory, and takes over a dead one's lock", async () => {
    const lockPath = join(dataDir, 'pglite.lock');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await writeFile(lockPath, String(holder.pid));
      await expect(createDb({ dataDir })).rejects.toThrow(`in use by process ${holder.pid}`);
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder is gone: its stale lock no longer blocks.
    const db = await createDb({ dataDir });
    await expect(db.ping()).resolves.toBeUndefined();
    await db.close();
  });

  it('takes over a lock whose pid now belongs to an unrelated process (pid reused after a crash)', async () => {
    const lockPath = join(dataDir, 'pglite.lock');
    const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const started = await processStartTicks(unrelated.pid ?? 0);
      expect(started).not.toBeNull();
      // The lock names the live pid with a different start time: the process that wrote it is gone.
      await writeFile(lockPath, `${unrelated.pid} ${Number(started) - 1}`);
      const db = await createDb({ dataDir });
      await db.close();
      // With the right start time it is the owner, and still refuses.
      await writeFile(lockPath, `${unrelated.pid} ${started}`);
      await expect(createDb({ dataDir })).rejects.toThrow(`in use by process ${unrelated.pid}`);
    } finally {
      unrelated.kill();
      await new Promise((resolve) => unrelated.once('exit', resolve));
    }
  });

  it('answers ping while open, and closes once however often close is called', async () => {
    const db = await createDb({ inMemory: true });
    await expect(db.ping()).resolves.toBeUndefined();
    await Promise.all([db.close(), db.close()]);
    await expect(db.close()).resolves.toBeUndefined();
    await expect(db.ping()).rejects.toThrow();
  });
});

describe('createDb on PostgreSQL', () => {
  it('fails ping when the server is unreachable', async () => {
    const db = await createDb({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/unreachable' });
    try {
      expect(db.kind).toBe('postgres');
      await expect(db.ping()).rejects.toThrow();
    } finally {
      await db.close();
    }
  });

  (infraUrl('postgres') ? it : it.skip)('answers ping and closes its pool', async () => {
    const db = await createDb({ databaseUrl: infraUrl('postgres') ?? '' });
    await expect(db.ping()).resolves.toBeUndefined();
    await db.close();
    await db.close();
    await expect(db.ping()).rejects.toThrow();
  });
});
