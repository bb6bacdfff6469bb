import { describe, expect, it, vi } from 'vitest';
import { BUILD_INFO_PATH, createBuildCheck, fetchBuildId } from './build-check';

describe('the build check', () => {
  it('raises the update once per new build id, never for the build the page runs', async () => {
    const answers = ['a', 'a', 'b', 'b', 'c'];
    const onChange = vi.fn();
    const check = createBuildCheck(async () => answers.shift()!, onChange);
    for (let i = 0; i < 5; i++) await check();
    expect(onChange.mock.calls).toEqual([['b'], ['c']]);
  });

  it('ignores a failed check (offline)', async () => {
    const onChange = vi.fn();
    let fail = false;
    const check = createBuildCheck(async () => {
      if (fail) throw new Error('offline');
      return 'a';
    }, onChange);
    await check();
    fail = true;
    await check();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('fetches builds/latest.json without the HTTP cache and reads its id', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ id: 'build-1' }), { status: 200 }));
    expect(await fetchBuildId(fetcher as unknown as typeof fetch)).toBe('build-1');
    expect(fetcher).toHaveBeenCalledWith(BUILD_INFO_PATH, expect.objectContaining({ cache: 'no-store' }));
    const failing = vi.fn(async () => new Response('', { status: 503 }));
    await expect(fetchBuildId(failing as unknown as typeof fetch)).rejects.toThrow();
  });
});
