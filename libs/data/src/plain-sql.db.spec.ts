import { Prisma } from './generated/prisma/client';
import { tableChangesOf, type Db } from './db';
import { plainQuery } from './plain-sql';
import { openTestDatabase, type TestDatabase } from './test-support/test-databases';

describe('plain statements straight to the driver', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    db = database.db;
  }, 120_000);
  afterAll(() => database.dispose());

  const statement = (json: string, id: number) =>
    Prisma.sql`SELECT (${json}::jsonb ->> 'name') AS name, ${id}::int + 1 AS next, ${Prisma.join([Prisma.sql`${'a'}::text`, Prisma.sql`${'b'}::text`], ' || ')} AS joined`;

  it('answers what $queryRaw answers, for the client createDb made and for any other', async () => {
    const expected = [{ name: 'quoted "value"', next: 42, joined: 'ab' }];
    const json = JSON.stringify({ name: 'quoted "value"' });
    expect(await plainQuery(db.prisma)(statement(json, 41))).toEqual(expected);
    expect(await plainQuery(db.prisma.$extends({}) as unknown as Db['prisma'])(statement(json, 41))).toEqual(expected);
    expect(await db.prisma.$queryRaw(statement(json, 41))).toEqual(expected);
  });

  it('is seen by the write counters like any other write', async () => {
    await db.prisma.agentPrompt.create({ data: { agentName: 'PlainAgent', prompt: { role: 'r' }, version: 1 } });
    const before = tableChangesOf(db.prisma)?.generation('agent_prompts') ?? Number.NaN;
    const rows = await plainQuery(db.prisma)<{ version: number }>(
      Prisma.sql`UPDATE agent_prompts SET version = ${2}::int WHERE agent_name = ${'PlainAgent'}::text RETURNING version`,
    );
    expect(rows).toEqual([{ version: 2 }]);
    expect(tableChangesOf(db.prisma)?.generation('agent_prompts')).toBeGreaterThan(before);
  });
});
