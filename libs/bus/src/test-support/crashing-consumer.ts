/**
 * A consumer process that dies mid-message: it takes one message, reports its id on stdout, and exits
 * without acknowledging it. Run by the RabbitMQ redelivery test as a real, separate process.
 */
import { createRabbitBus } from '../rabbitmq/rabbit-bus';
import { rabbitTestOptions } from './bus-harness';

async function main(): Promise<void> {
  const url = process.env['AMQP_URL'] ?? '';
  const exchange = process.env['EXCHANGE'] ?? '';
  const queuePrefix = process.env['QUEUE_PREFIX'] ?? '';
  const queue = process.env['QUEUE'] ?? '';
  const bus = await createRabbitBus(rabbitTestOptions(url, { exchange, queuePrefix }));
  await bus.subscribe(
    queue,
    [process.env['PATTERN'] ?? '#'],
    async (message) => {
      process.stdout.write(`received ${message.id}\n`);
      process.exit(1);
    },
    { prefetch: 1 },
  );
  process.stdout.write('ready\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(2);
});
