import { adoptLocalInfra, LOCAL_INFRA_URLS } from './local-infra';
import { infraRequired, infraUrl } from './infra';
import { deferred, waitFor, waitForValue } from './waiting';

describe('infraUrl', () => {
  it('gives the configured URL, trimmed', () => {
    expect(infraUrl('postgres', { TEST_DATABASE_URL: ' postgresql://x/db ' })).toBe('postgresql://x/db');
  });

  it('is null when unset, and throws naming the variable under REQUIRE_INFRA', () => {
    expect(infraUrl('rabbitmq', {})).toBeNull();
    expect(infraRequired({ REQUIRE_INFRA: 'true' })).toBe(true);
    expect(() => infraUrl('rabbitmq', { REQUIRE_INFRA: '1' })).toThrow(/TEST_AMQP_URL/);
  });
});

describe('adoptLocalInfra', () => {
  it('leaves configured URLs alone', async () => {
    const env = { TEST_DATABASE_URL: 'postgresql://elsewhere/db', TEST_AMQP_URL: 'amqp://elsewhere' };
    expect(await adoptLocalInfra(env)).toEqual([]);
    expect(env).toEqual({ TEST_DATABASE_URL: 'postgresql://elsewhere/db', TEST_AMQP_URL: 'amqp://elsewhere' });
  });

  it('for each unset URL either adopts the local server or says once why its suites skip', async () => {
    const env: NodeJS.ProcessEnv = {};
    const notes = await adoptLocalInfra(env);
    for (const [variable, kind] of [
      ['TEST_DATABASE_URL', 'postgres'],
      ['TEST_AMQP_URL', 'rabbitmq'],
    ] as const) {
      const adopted = env[variable] === LOCAL_INFRA_URLS[kind];
      const explained = notes.filter((note) => note.startsWith(`${kind} tests skipped: ${variable} is unset`)).length === 1;
      expect({ variable, adoptedOrExplained: adopted !== explained }).toEqual({ variable, adoptedOrExplained: true });
    }
  });
});

describe('waiting', () => {
  it('waitFor resolves once the condition holds and names what it waited for on timeout', async () => {
    let ready = false;
    setTimeout(() => (ready = true), 20);
    await waitFor('the flag', () => ready, 1_000);
    expect(ready).toBe(true);
    await expect(waitFor('a flag that never flips', () => false, 30)).rejects.toThrow(/a flag that never flips/);
  });

  it('waitForValue returns the first defined value', async () => {
    let calls = 0;
    expect(await waitForValue(async () => (++calls >= 3 ? calls : undefined), 1_000)).toBe(3);
  });

  it('deferred settles from outside', async () => {
    const gate = deferred<number>();
    gate.resolve(7);
    expect(await gate.promise).toBe(7);
  });
});
