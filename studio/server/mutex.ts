/**
 * One player's plays take turns (a spin, a seed change, a table bet): their nonce, feature state, demo
 * balance and wallet calls are read and written by one request at a time, in arrival order.
 */
export function keyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
export type KeyedMutex = ReturnType<typeof keyedMutex>;
