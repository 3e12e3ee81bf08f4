import { describeWithInfra, waitFor } from '@huntforge/test-kit';
import { createTestBus, recordMessages } from './bus';

describe('createTestBus (in-process)', () => {
  it('gives a working bus whose recorder sees published messages', async () => {
    const bus = await createTestBus('in-process');
    try {
      const recorder = await recordMessages<{ n: number }>(bus, 'q', ['t.#']);
      await bus.publish('t.one', { n: 1 });
      await recorder.waitForCount(1);
      expect(recorder.messages).toEqual([{ id: expect.any(String), type: 't.one', payload: { n: 1 } }]);
    } finally {
      await bus.close();
    }
  });

  it('names what it waited for when waiting times out', async () => {
    await expect(waitFor('the impossible', () => false, 50)).rejects.toThrow('timed out after 50 ms waiting for the impossible');
  });
});

describeWithInfra('rabbitmq')('createTestBus (rabbitmq)', () => {
  it('isolates two test buses on one broker', async () => {
    const [first, second] = await Promise.all([createTestBus('rabbitmq'), createTestBus('rabbitmq')]);
    try {
      const firstRecorder = await recordMessages(first, 'shared-name', ['article.ingested']);
      const secondRecorder = await recordMessages(second, 'shared-name', ['article.ingested']);
      await first.publish('article.ingested', { from: 'first' });
      await second.publish('article.ingested', { from: 'second' });
      await firstRecorder.waitForCount(1);
      await secondRecorder.waitForCount(1);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(firstRecorder.messages.map((m) => m.payload)).toEqual([{ from: 'first' }]);
      expect(secondRecorder.messages.map((m) => m.payload)).toEqual([{ from: 'second' }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
