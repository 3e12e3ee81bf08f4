/**
 * In-process bus throughput, publish → consume (target ≥ 100k msg/s). Prints figures; asserts nothing.
 * Run: npx tsx tools/bench/bus-in-process.ts [messages]
 */
import { createInProcessBus } from '@huntforge/bus';
import { consumeCount } from './count-consumed';

async function run(
  label: string,
  messages: number,
  publishAll: (publish: (i: number) => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const bus = createInProcessBus();
  const { allConsumed: done } = await consumeCount(bus, messages, 1_000);
  const started = process.hrtime.bigint();
  await publishAll((i) => bus.publish('bench.event', { i, text: 'powershell.exe -nop -w hidden -enc JABzAD0A' }));
  const published = process.hrtime.bigint();
  await done;
  const finished = process.hrtime.bigint();
  await bus.close();
  const seconds = Number(finished - started) / 1e9;
  console.log(
    `${label.padEnd(34)} ${messages} msgs  publish ${(Number(published - started) / 1e6).toFixed(0)} ms  ` +
      `end-to-end ${(seconds * 1000).toFixed(0)} ms  ${Math.round(messages / seconds).toLocaleString('en-US')} msg/s`,
  );
}

async function main(): Promise<void> {
  const messages = Number(process.argv[2] ?? 200_000);
  console.log(`in-process bus, node ${process.version}`);
  // Round 1 includes JIT warm-up; steady state is what a long-running service sees.
  for (let round = 1; round <= 3; round++) {
    await run(`[${round}] awaited publishes, one by one`, messages, async (publish) => {
      for (let i = 0; i < messages; i++) await publish(i);
    });
    await run(`[${round}] 1000 publishes in flight`, messages, async (publish) => {
      for (let i = 0; i < messages; i += 1_000) {
        const batch: Promise<unknown>[] = [];
        for (let k = i; k < Math.min(messages, i + 1_000); k++) batch.push(publish(k));
        await Promise.all(batch);
      }
    });
  }
}

void main();
