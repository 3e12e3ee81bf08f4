import { sqlDriverOf, tableChangesOf, type Db } from '../db';
import { openTestDatabase, type TestDatabase } from '../test-support/test-databases';

describe('the embedded database counts the writes this process sends to the watched tables', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    db = database.db;
  }, 120_000);
  afterAll(() => database.dispose());

  const generation = () => tableChangesOf(db.prisma)?.generation('agent_prompts') ?? Number.NaN;

  it('has counters only for the client createDb made', () => {
    expect(tableChangesOf(db.prisma)).not.toBeNull();
    expect(tableChangesOf(db.prisma.$extends({}) as unknown as Db['prisma'])).toBeNull();
  });

  it('moves on a Prisma write, a raw write in a transaction and a rolled-back one, and not on reads', async () => {
    let before = generation();
    await db.prisma.agentPrompt.findMany();
    expect(generation()).toBe(before);

    await db.prisma.agentPrompt.create({ data: { agentName: 'CountedAgent', prompt: { role: 'r' }, version: 1 } });
    expect(generation()).toBeGreaterThan(before);

    before = generation();
    await db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE agent_prompts SET version = 2 WHERE agent_name = 'CountedAgent'`;
    });
    expect(generation()).toBeGreaterThan(before);

    before = generation();
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`DELETE FROM agent_prompts WHERE agent_name = 'CountedAgent'`;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(generation()).toBeGreaterThan(before);
    expect(await db.prisma.agentPrompt.count({ where: { agentName: 'CountedAgent' } })).toBe(1);
  });

  it('moves on a write sent through the driver itself', async () => {
    const before = generation();
    await sqlDriverOf(db).withSession((session) => session.query(`DELETE FROM agent_prompts WHERE agent_name = 'CountedAgent'`));
    expect(generation()).toBeGreaterThan(before);
  });
});
