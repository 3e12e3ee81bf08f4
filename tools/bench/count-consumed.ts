import type { Bus } from '@huntforge/bus';

/**
 * Subscribes a consumer to `bench.#`; `allConsumed` resolves once `messages` have arrived. (Wrapped in an
 * object because an async function returning a bare promise would wait for it.)
 */
export async function consumeCount(bus: Bus, messages: number, prefetch: number): Promise<{ allConsumed: Promise<void> }> {
  let consumed = 0;
  let allConsumed!: () => void;
  const done = new Promise<void>((resolve) => (allConsumed = resolve));
  await bus.subscribe(
    'bench',
    ['bench.#'],
    async () => {
      if (++consumed === messages) allConsumed();
    },
    { prefetch },
  );
  return { allConsumed: done };
}
