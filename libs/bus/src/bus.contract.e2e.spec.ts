import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { connect } from 'amqplib';
import type { Envelope } from '@huntforge/contracts/messages';
import { BusRemoteError, BusTimeoutError } from './errors';
import { createBusHarness, type BusHarness, type BusKind } from './test-support/bus-harness';
import { createCapturingLogger } from './test-support/capturing-logger';
import { createScratchVhost, deferred, infraUrl, sleep, waitFor } from '@huntforge/test-kit';

const rabbitUrl = infraUrl('rabbitmq');
const kinds: BusKind[] = ['in-process', 'rabbitmq'];
const retryBaseDelayMs = 20;

/** Lets messages that are not supposed to arrive have a fair chance to arrive anyway. */
const settleMs = 150;

describe.each(kinds)('Bus contract (%s)', (kind) => {
  const describeIfAvailable = kind === 'rabbitmq' && !rabbitUrl ? describe.skip : describe;

  describeIfAvailable('semantics', () => {
    let harness: BusHarness;
    let logger: ReturnType<typeof createCapturingLogger>;
    const cleanups: Array<() => void> = [];

    beforeEach(async () => {
      logger = createCapturingLogger();
      harness = await createBusHarness(kind, rabbitUrl, { logger, retryBaseDelayMs });
    });

    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      await harness.dispose();
    });

    /** Subscribes a handler that records each envelope it sees, in delivery order. */
    async function record(queue: string, patterns: string[]): Promise<Envelope<unknown>[]> {
      const seen: Envelope<unknown>[] = [];
      await harness.bus.subscribe(queue, patterns, async (message) => {
        seen.push(message);
      });
      return seen;
    }

    it('delivers a published envelope to a subscriber', async () => {
      const seen = await record('indexer', ['article.ingested']);
      const published = await harness.bus.publish('article.ingested', { articleId: 7, title: 'APT notes' });

      await waitFor('the delivery', () => seen.length === 1);
      expect(published).toEqual({
        id: expect.any(String),
        type: 'article.ingested',
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        payload: { articleId: 7, title: 'APT notes' },
      });
      expect(seen[0]).toEqual(published);
    });

    it('keeps the message id given by the publisher', async () => {
      const seen = await record('indexer', ['article.ingested']);
      await harness.bus.publish('article.ingested', {}, { id: 'article-7-ingested' });
      await waitFor('the delivery', () => seen.length === 1);
      expect(seen[0].id).toBe('article-7-ingested');
    });

    it('delivers the message as JSON carries it, taken when published: later changes reach no consumer', async () => {
      const first: Array<Envelope<unknown>> = [];
      const second: Array<Envelope<unknown>> = [];
      // Each consumer changes what it got; neither the other queue's consumer nor a retry sees the change.
      let attempts = 0;
      await harness.bus.subscribe('copies-a', ['article.ingested'], async (message) => {
        first.push(structuredClone(message));
        (message.payload as { tags: string[] }).tags.push('changed by a');
        if (++attempts < 2) throw new Error('once more');
      });
      await harness.bus.subscribe('copies-b', ['article.ingested'], async (message) => {
        second.push(structuredClone(message));
        (message.payload as { tags: string[] }).tags.push('changed by b');
      });
      const payload = { tags: ['loader'], at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, ratio: Number.NaN };
      await harness.bus.publish('article.ingested', payload);
      payload.tags.push('changed by the publisher');

      await waitFor('both deliveries and the retry', () => first.length === 2 && second.length === 1);
      const asCarried = { tags: ['loader'], at: '2026-01-02T03:04:05.000Z', ratio: null };
      expect([...first, ...second].map((message) => message.payload)).toEqual([asCarried, asCarried, asCarried]);
    });

    it('answers a request with copies: neither side sees what the other changes afterwards', async () => {
      const answered = { rules: ['a'] };
      let received: { rules: string[] } | null = null;
      await harness.bus.respond<{ rules: string[] }, { rules: string[] }>('copies.request', async (request) => {
        received = request;
        return answered;
      });
      const asked = { rules: ['x'] };
      const pending = harness.bus.request<{ rules: string[] }, { rules: string[] }>('copies.request', asked);
      asked.rules.push('changed by the requester');
      const reply = await pending;
      answered.rules.push('changed by the responder');
      expect(received).toEqual({ rules: ['x'] });
      expect(reply).toEqual({ rules: ['a'] });
    });

    it('refuses an empty message id instead of publishing a message every consumer would reject', async () => {
      const seen = await record('empty-id', ['article.ingested']);
      await expect(harness.bus.publish('article.ingested', {}, { id: '' })).rejects.toThrow('message id must not be empty');
      await harness.bus.publish('article.ingested', {}, { id: 'after-the-refusal' });
      await waitFor('the next delivery', () => seen.length === 1);
      expect(seen.map((message) => message.id)).toEqual(['after-the-refusal']);
    });

    it('matches topics like a RabbitMQ topic exchange (* is one word, # is zero or more)', async () => {
      const star = await record('star', ['article.*']);
      const hash = await record('hash', ['article.#']);
      const middle = await record('middle', ['*.execution.#']);
      for (const topic of [
        'article',
        'article.ingested',
        'article.ingested.late',
        'workflow.execution',
        'workflow.execution.finished',
        'settings.changed',
      ]) {
        await harness.bus.publish(topic, {});
      }
      await harness.bus.publish('article.end', {});
      await harness.bus.publish('x.execution.end', {});
      await waitFor(
        'the sentinels',
        () => star.length > 0 && star.at(-1)?.type === 'article.end' && middle.at(-1)?.type === 'x.execution.end',
      );
      await waitFor('the sentinel on #', () => hash.at(-1)?.type === 'article.end');

      expect(star.map((m) => m.type)).toEqual(['article.ingested', 'article.end']);
      expect(hash.map((m) => m.type)).toEqual(['article', 'article.ingested', 'article.ingested.late', 'article.end']);
      expect(middle.map((m) => m.type)).toEqual(['workflow.execution', 'workflow.execution.finished', 'x.execution.end']);
    });

    it('shares one queue between competing consumers, each message to exactly one of them', async () => {
      const byConsumer: string[][] = [[], []];
      for (const seen of byConsumer) {
        await harness.bus.subscribe(
          'workers',
          ['workflow.execution.requested'],
          async (message) => {
            seen.push(message.id);
            await sleep(5);
          },
          { prefetch: 1 },
        );
      }
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await harness.bus.publish('workflow.execution.requested', { i })).id);

      await waitFor('all 20 deliveries', () => byConsumer[0].length + byConsumer[1].length === 20);
      await sleep(settleMs);
      expect(byConsumer[0].length).toBeGreaterThan(0);
      expect(byConsumer[1].length).toBeGreaterThan(0);
      expect([...byConsumer[0], ...byConsumer[1]].sort()).toEqual([...ids].sort());
    });

    it('fans a message out to every queue bound to its topic', async () => {
      const workflow = await record('workflow.auto-trigger', ['article.ingested']);
      const filter = await record('content-filter.prescore', ['article.#']);
      const published = await harness.bus.publish('article.ingested', { articleId: 1 });

      await waitFor('both deliveries', () => workflow.length === 1 && filter.length === 1);
      expect(workflow[0].id).toBe(published.id);
      expect(filter[0].id).toBe(published.id);
    });

    it('drops a message no queue is bound to, like RabbitMQ', async () => {
      await harness.bus.publish('sigma.rule.queued', { lost: true });
      const seen = await record('late', ['sigma.#']);
      await harness.bus.publish('sigma.queue.changed', { lost: false });

      await waitFor('the second message', () => seen.length === 1);
      await sleep(settleMs);
      expect(seen.map((m) => m.type)).toEqual(['sigma.queue.changed']);
    });

    it('keeps messages for a declared queue while it has no consumer', async () => {
      const subscription = await harness.bus.subscribe('settings-cache', ['settings.changed'], async () => undefined);
      await subscription.cancel();
      for (let i = 0; i < 3; i++) await harness.bus.publish('settings.changed', { i });
      await waitFor('three waiting messages', async () => (await harness.bus.inspect('settings-cache')).messages === 3);
      expect(await harness.bus.inspect('settings-cache')).toEqual({ messages: 3, consumers: 0, deadLettered: 0 });

      const seen = await record('settings-cache', ['settings.changed']);
      await waitFor('the waiting messages', () => seen.length === 3);
      expect(seen.map((m) => m.payload)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
    });

    it('acknowledges only after the handler resolves', async () => {
      const release = deferred();
      cleanups.push(() => release.resolve());
      const started: string[] = [];
      await harness.bus.subscribe(
        'slow',
        ['article.ingested'],
        async (message) => {
          started.push(message.id);
          if (started.length === 1) await release.promise;
        },
        { prefetch: 1 },
      );
      const first = await harness.bus.publish('article.ingested', { n: 1 });
      const second = await harness.bus.publish('article.ingested', { n: 2 });

      await waitFor('the first delivery', () => started.length === 1);
      await sleep(settleMs);
      // An auto-acked first message would have freed the only prefetch slot for the second.
      expect(started).toEqual([first.id]);
      expect((await harness.bus.inspect('slow')).messages).toBe(1);

      release.resolve();
      await waitFor('the second delivery', () => started.length === 2);
      expect(started).toEqual([first.id, second.id]);
      await waitFor('an empty queue', async () => (await harness.bus.inspect('slow')).messages === 0);
      await sleep(settleMs);
      expect(started).toHaveLength(2);
    });

    it('never hands a consumer more unacknowledged messages than its prefetch', async () => {
      const release = deferred();
      cleanups.push(() => release.resolve());
      let running = 0;
      let mostAtOnce = 0;
      let done = 0;
      await harness.bus.subscribe(
        'bounded',
        ['chunk.classify'],
        async () => {
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          await release.promise;
          running--;
          done++;
        },
        { prefetch: 3 },
      );
      for (let i = 0; i < 10; i++) await harness.bus.publish('chunk.classify', { i });

      await waitFor('three running handlers', () => running === 3);
      await sleep(settleMs);
      expect(running).toBe(3);
      release.resolve();
      await waitFor('all ten handled', () => done === 10);
      expect(mostAtOnce).toBe(3);
    });

    it('retries a failing handler with growing delays, then dead-letters the message with the reason', async () => {
      const calls: number[] = [];
      await harness.bus.subscribe(
        'fragile',
        ['article.ingested'],
        async () => {
          calls.push(Date.now());
          throw new Error(`database unavailable (call ${calls.length})`);
        },
        { maxAttempts: 3 },
      );
      const published = await harness.bus.publish('article.ingested', { articleId: 9 });

      await waitFor('the dead letter', async () => (await harness.deadLetters('fragile')).length === 1);
      await sleep(settleMs);
      expect(calls).toHaveLength(3);
      expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(retryBaseDelayMs - 5);
      expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(2 * retryBaseDelayMs - 5);

      const [letter] = await harness.deadLetters('fragile');
      expect(letter).toMatchObject({
        queue: 'fragile',
        attempts: 3,
        reason: 'handler failed after 3 attempts: database unavailable (call 3)',
      });
      expect(JSON.parse(letter.body)).toEqual(published);
      expect(await harness.bus.inspect('fragile')).toEqual({ messages: 0, consumers: 1, deadLettered: 1 });
    });

    it('acknowledges a message whose handler succeeds on a retry', async () => {
      let calls = 0;
      let handled = false;
      await harness.bus.subscribe('flaky', ['article.ingested'], async () => {
        calls++;
        if (calls < 3) throw new Error('transient');
        handled = true;
      });
      await harness.bus.publish('article.ingested', {});

      await waitFor('the successful attempt', () => handled);
      await sleep(settleMs);
      expect(calls).toBe(3);
      expect(await harness.deadLetters('flaky')).toEqual([]);
    });

    it('dead-letters malformed messages with a logged reason and keeps consuming', async () => {
      const seen = await record('strict', ['article.ingested']);
      await harness.publishRaw('article.ingested', 'not json at all');
      await harness.publishRaw(
        'article.ingested',
        JSON.stringify({ id: '', type: 'article.ingested', occurredAt: 'yesterday', payload: {} }),
      );
      const valid = await harness.bus.publish('article.ingested', { ok: true });

      await waitFor('the valid message', () => seen.length === 1);
      await waitFor('two dead letters', async () => (await harness.deadLetters('strict')).length === 2);
      expect(seen[0].id).toBe(valid.id);
      const reasons = (await harness.deadLetters('strict')).map((letter) => letter.reason);
      expect(reasons[0]).toBe('malformed envelope: body is not JSON');
      expect(reasons[1]).toMatch(/^malformed envelope: id: .+; occurredAt: /);
      expect((await harness.deadLetters('strict'))[0].body).toBe('not json at all');
      const warnings = logger.entries.filter((entry) => entry.msg === 'bus: dead-lettering malformed message');
      expect(warnings.map((entry) => entry.obj['reason'])).toEqual(reasons);
    });

    it('answers a request through the responder', async () => {
      await harness.bus.respond<{ text: string }, { platforms: string[] }>('content-filter.detect-os', async ({ text }) => ({
        platforms: text.includes('powershell') ? ['windows'] : [],
      }));
      const reply = await harness.bus.request<{ text: string }, { platforms: string[] }>('content-filter.detect-os', {
        text: 'powershell -enc ...',
      });
      expect(reply).toEqual({ platforms: ['windows'] });
    });

    it('fails a request with BusTimeoutError when no reply comes in time', async () => {
      const release = deferred();
      cleanups.push(() => release.resolve());
      await harness.bus.respond('sigma.similarity.search', async () => {
        await release.promise;
        return 'too late';
      });
      const started = Date.now();
      const slow = harness.bus.request('sigma.similarity.search', { rule: 'x' }, { timeoutMs: 200 });
      await expect(slow).rejects.toBeInstanceOf(BusTimeoutError);
      await expect(slow).rejects.toThrow('no reply to request "sigma.similarity.search" within 200 ms');
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);

      await expect(harness.bus.request('nobody.answers', {}, { timeoutMs: 100 })).rejects.toBeInstanceOf(BusTimeoutError);
    });

    it('answers a request sent before any responder started, once one starts (a peer still booting)', async () => {
      const early = harness.bus.request<{ n: number }, number>('late.responder', { n: 20 }, { timeoutMs: 5_000 });
      await sleep(settleMs);
      await harness.bus.respond<{ n: number }, number>('late.responder', async ({ n }) => n + 1);
      await expect(early).resolves.toBe(21);
    });

    it("carries a responder's error back to the requester as BusRemoteError", async () => {
      await harness.bus.respond('content-filter.classify', async () => {
        throw new TypeError('chunk text is empty');
      });
      const failure = harness.bus.request('content-filter.classify', { chunks: [] });
      await expect(failure).rejects.toBeInstanceOf(BusRemoteError);
      await expect(failure).rejects.toMatchObject({ remoteName: 'TypeError', remoteMessage: 'chunk text is empty' });
    });

    it('reports queue depth, consumers and dead letters; zeros for an unknown queue', async () => {
      expect(await harness.bus.inspect('never-declared')).toEqual({ messages: 0, consumers: 0, deadLettered: 0 });
      await harness.bus.subscribe('observed', ['x.#'], async () => undefined);
      await harness.bus.subscribe('observed', ['x.#'], async () => undefined);
      await waitFor('two consumers', async () => (await harness.bus.inspect('observed')).consumers === 2);
    });

    it('waits for in-flight handlers when closing', async () => {
      const release = deferred();
      cleanups.push(() => release.resolve());
      const events: string[] = [];
      await harness.bus.subscribe('closing', ['article.ingested'], async () => {
        events.push('handler started');
        await release.promise;
        events.push('handler finished');
      });
      await harness.bus.publish('article.ingested', {});
      await waitFor('the handler to start', () => events.length === 1);

      const closing = harness.bus.close().then(() => events.push('closed'));
      await sleep(settleMs);
      expect(events).toEqual(['handler started']);
      release.resolve();
      await closing;
      expect(events).toEqual(['handler started', 'handler finished', 'closed']);
      expect(harness.bus.isConnected()).toBe(false);
      await expect(harness.bus.publish('article.ingested', {})).rejects.toThrow('bus is closed');
    });
  });
});

/** Broker-side disruptions; the connection cut happens in a scratch vhost so parallel suites never feel it. */
const describeRabbit = rabbitUrl ? describe : describe.skip;

describeRabbit('RabbitMQ bus resilience', () => {
  const url = rabbitUrl ?? '';

  it('consumes every message exactly once when the broker cuts the connection mid-stream', async () => {
    const logger = createCapturingLogger();
    const vhost = await createScratchVhost(url);
    const harness = await createBusHarness('rabbitmq', vhost.url, { logger });
    try {
      const processed = new Set<string>();
      let effectsApplied = 0;
      await harness.bus.subscribe(
        'exactly-once',
        ['load.#'],
        async (message) => {
          if (processed.has(message.id)) return; // idempotent by message id
          await sleep(1);
          processed.add(message.id);
          effectsApplied++;
        },
        { prefetch: 20 },
      );

      const total = 600;
      const published: string[] = [];
      const publishRange = async (from: number, to: number): Promise<void> => {
        for (let i = from; i < to; i += 20) {
          const batch = Array.from({ length: Math.min(20, to - i) }, (_, k) => `load-${i + k}`);
          await Promise.all(batch.map((id) => harness.bus.publish('load.generated', { id }, { id })));
          published.push(...batch);
        }
      };
      await publishRange(0, 200);
      const cut = vhost.cutConnections('huntforge bus reconnect test');
      await publishRange(200, total);
      await cut;

      // Conditions, not time: on a loaded machine the reconnect can finish well after the last message is consumed.
      const logged = (msg: string) => logger.entries.filter((entry) => entry.msg === msg).length;
      await waitFor('every message consumed', () => processed.size === total, 60_000);
      await waitFor(
        'the connection lost and made again',
        () =>
          logged('bus: RabbitMQ connection lost; reconnecting') >= 1 &&
          logged('bus: connected to RabbitMQ') >= 2 &&
          harness.bus.isConnected(),
        60_000,
      );
      // Redeliveries of messages in flight at the cut arrive after the reconnect; give them a moment to show up.
      await sleep(settleMs);
      expect(new Set(published).size).toBe(total);
      expect([...processed].sort()).toEqual([...published].sort());
      expect(effectsApplied).toBe(total);
    } finally {
      await harness.dispose();
      await vhost.dispose();
    }
  }, 150_000);

  it('re-declares and resumes consuming when an operator deletes its queue', async () => {
    const harness = await createBusHarness('rabbitmq', url);
    try {
      const seen: string[] = [];
      await harness.bus.subscribe('deleted-by-operator', ['article.ingested'], async (message) => {
        seen.push(message.id);
      });
      const model = await connect(url);
      await (await model.createChannel()).deleteQueue(`${harness.isolation.queuePrefix}deleted-by-operator`);
      await model.close();

      await waitFor('the consumer to come back', async () => (await harness.bus.inspect('deleted-by-operator')).consumers === 1, 30_000);
      const published = await harness.bus.publish('article.ingested', {});
      await waitFor('the delivery', () => seen.length === 1, 30_000);
      expect(seen).toEqual([published.id]);
    } finally {
      await harness.dispose();
    }
  }, 90_000);

  it('redelivers to another consumer the message a crashed consumer held unacknowledged', async () => {
    const harness = await createBusHarness('rabbitmq', url);
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'test-support', 'crashing-consumer.ts')], {
      env: {
        ...process.env,
        AMQP_URL: url,
        EXCHANGE: harness.isolation.exchange,
        QUEUE_PREFIX: harness.isolation.queuePrefix,
        QUEUE: 'executions',
        PATTERN: 'workflow.execution.requested',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await waitFor('the crashing consumer to subscribe', () => output.includes('ready\n'), 60_000);

      const published = await harness.bus.publish('workflow.execution.requested', { executionId: 42 });
      await waitFor('the crashing consumer to take the message', () => output.includes(`received ${published.id}`), 30_000);
      expect(await exited).toBe(1);

      const seen: string[] = [];
      await harness.bus.subscribe('executions', ['workflow.execution.requested'], async (message) => {
        seen.push(message.id);
      });
      await waitFor('the redelivery', () => seen.length === 1, 30_000);
      expect(seen).toEqual([published.id]);
    } finally {
      child.kill('SIGKILL');
      await harness.dispose();
    }
  }, 150_000);
});
