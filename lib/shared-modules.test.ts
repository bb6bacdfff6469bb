import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTasks, inTurn, sharedModulesReady, STEPS, TURN_MAX_MS } from './shared-modules';

/** The modules evaluated so far, in order (a mock's factory runs when its module is first imported). */
const evaluated = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/contracts/money', () => {
  evaluated.push('zod with the money schema');
  return {};
});
vi.mock('axios', () => {
  evaluated.push('axios');
  return { default: {} };
});
vi.mock('@/lib/api/client', () => {
  evaluated.push('the API client');
  return {};
});

describe('inTasks', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  /** Lets every pending promise callback run, without running a task. */
  const microtasks = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };

  it('runs each step in a task of its own, in order, and resolves after the last', async () => {
    const ran: string[] = [];
    const step = (name: string) => async () => void ran.push(name);
    let done = false;
    void inTasks([step('a'), step('b'), step('c')]).then(() => (done = true));
    await microtasks();
    expect(ran).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    await microtasks();
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersToNextTimer();
    await microtasks();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(done).toBe(false);
    vi.advanceTimersToNextTimer();
    await microtasks();
    expect(done).toBe(true);
  });

  it('waits for a step that takes time before the next', async () => {
    const ran: string[] = [];
    let finishFirst = () => {};
    const first = () =>
      new Promise<void>((resolve) => (finishFirst = resolve)).then(() => void ran.push('a'));
    void inTasks([first, async () => void ran.push('b')]);
    await vi.advanceTimersByTimeAsync(TURN_MAX_MS - 1);
    expect(ran).toEqual([]);
    finishFirst();
    await vi.runAllTimersAsync();
    expect(ran).toEqual(['a', 'b']);
  });

  it('goes on past a failed step', async () => {
    const ran: string[] = [];
    const steps = [
      async () => {
        throw new Error('chunk failed to load');
      },
      async () => void ran.push('b'),
    ];
    const done = inTasks(steps);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBeUndefined();
    expect(ran).toEqual(['b']);
  });

  it('goes on past a step still loading after TURN_MAX_MS', async () => {
    const ran: string[] = [];
    void inTasks([() => new Promise(() => {}), async () => void ran.push('b')]);
    await vi.advanceTimersByTimeAsync(TURN_MAX_MS - 1);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersToNextTimerAsync();
    expect(ran).toEqual(['b']);
  });
});

describe('sharedModulesReady', () => {
  it('evaluates zod (with the money schema), axios and the API client, in that order, once', async () => {
    expect(STEPS).toHaveLength(4);
    const ready = sharedModulesReady();
    expect(sharedModulesReady()).toBe(ready);
    await ready;
    expect(evaluated).toEqual(['zod with the money schema', 'axios', 'the API client']);
  });
});

describe('the number formatter step', () => {
  it("makes the page language's first number formatter, the one the page then formats with", async () => {
    const Real = Intl.NumberFormat;
    const made: unknown[][] = [];
    Intl.NumberFormat = new Proxy(Real, {
      construct: (target, args: ConstructorParameters<typeof Real>) => {
        made.push(args);
        return new target(...args);
      },
    });
    try {
      const { formatterFor } = await import('@/lib/i18n/format');
      const { useLocaleStore } = await import('@/lib/stores/locale-store');
      useLocaleStore.getState().setLocale('kz');
      await STEPS[3]();
      expect(made).toEqual([['ru-KZ']]);
      expect(formatterFor('kz').number(1500)).toBe(new Real('ru-KZ').format(1500));
      expect(made).toHaveLength(1);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});

describe('inTurn', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  // The queue outlives a test: its last task runs before the real timers are back.
  afterEach(async () => {
    await vi.runAllTimersAsync();
    vi.useRealTimers();
  });

  it('loads the parts one at a time, in the order asked, after the shared modules, a task apart', async () => {
    await vi.runAllTimersAsync();
    await sharedModulesReady();
    const started: string[] = [];
    const finish: Record<string, () => void> = {};
    const part = (name: string) => () => {
      started.push(name);
      return new Promise<string>((resolve) => (finish[name] = () => resolve(name)));
    };
    const bar = inTurn(part('bonus bar'));
    const effects = inTurn(part('effects'));
    const feed = inTurn(part('live feed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual(['bonus bar']);
    finish['bonus bar']();
    await expect(bar).resolves.toBe('bonus bar');
    // The next part waits for a task of its own.
    expect(started).toEqual(['bonus bar']);
    await vi.advanceTimersToNextTimerAsync();
    expect(started).toEqual(['bonus bar', 'effects']);
    finish.effects();
    await expect(effects).resolves.toBe('effects');
    await vi.advanceTimersToNextTimerAsync();
    expect(started).toEqual(['bonus bar', 'effects', 'live feed']);
    finish['live feed']();
    await expect(feed).resolves.toBe('live feed');
  });

  it('goes on past a part that failed to load, and gives the failure to that part', async () => {
    const failed = inTurn(() => Promise.reject(new Error('chunk failed to load')));
    const next = inTurn(async () => 'next part');
    const failure = expect(failed).rejects.toThrow('chunk failed to load');
    await vi.runAllTimersAsync();
    await failure;
    await expect(next).resolves.toBe('next part');
  });

  it('lets the next part load when one is still loading after TURN_MAX_MS', async () => {
    await vi.runAllTimersAsync();
    const stalled = inTurn(() => new Promise<never>(() => {}));
    let next: string | undefined;
    void inTurn(async () => 'next part').then((value) => (next = value));
    await vi.advanceTimersByTimeAsync(TURN_MAX_MS - 1);
    expect(next).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersToNextTimerAsync();
    expect(next).toBe('next part');
    void stalled;
  });
});
