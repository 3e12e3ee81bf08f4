/**
 * RabbitMQ bus throughput, publish (with broker confirm) → consume (target ≥ 5k msg/s).
 * Prints figures; asserts nothing. Run: AMQP_URL=amqp://guest:guest@127.0.0.1:5672 npx tsx tools/bench/bus-rabbitmq.ts [messages] [in-flight]
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { createRabbitBus } from '@huntforge/bus';
import { consumeCount } from './count-consumed';

async function main(): Promise<void> {
  const url = process.env['AMQP_URL'] ?? process.env['TEST_AMQP_URL'] ?? 'amqp://guest:guest@127.0.0.1:5672';
  const messages = Number(process.argv[2] ?? 20_000);
  const inFlight = Number(process.argv[3] ?? 500);
  const run = `huntforge-bench-${randomUUID().slice(0, 8)}`;
  const bus = await createRabbitBus({ url, exchange: run, queuePrefix: `${run}.`, queueExpiresMs: 60_000 });

  const { allConsumed: done } = await consumeCount(bus, messages, 500);

  console.log(`RabbitMQ bus: ${messages} persistent messages, ${inFlight} publishes awaiting confirm at once`);
  const started = process.hrtime.bigint();
  let next = 0;
  const publisher = async (): Promise<void> => {
    while (next < messages) {
      const i = next++;
      await bus.publish('bench.event', { i, text: 'powershell.exe -nop -w hidden -enc JABzAD0A' });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, publisher));
  const confirmed = process.hrtime.bigint();
  await done;
  const finished = process.hrtime.bigint();
  await bus.close();

  const ms = (from: bigint, to: bigint): number => Number(to - from) / 1e6;
  console.log(
    `all confirmed after ${ms(started, confirmed).toFixed(0)} ms (${Math.round((messages / ms(started, confirmed)) * 1000).toLocaleString('en-US')} msg/s)`,
  );
  console.log(
    `all consumed after  ${ms(started, finished).toFixed(0)} ms (${Math.round((messages / ms(started, finished)) * 1000).toLocaleString('en-US')} msg/s publish-confirm-consume)`,
  );

  const model = await connect(url);
  await (await model.createChannel()).deleteExchange(run);
  await model.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
