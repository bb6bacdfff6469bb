import { act } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDateTime } from './local-date-time';

const dateTime = vi.fn((value: string, zone?: string | null) => `browser ${value} ${zone ?? ''}`.trim());
vi.mock('@/lib/i18n/use-format', () => ({ useFormat: () => ({ dateTime }) }));

const VALUE = '2026-11-25T14:07:00.000Z';
const intl = (children: ReactNode) => (
  <NextIntlClientProvider locale="ru" messages={{}}>
    {children}
  </NextIntlClientProvider>
);
const roots: Root[] = [];

/** Hydrates `tree` over the server's `html`, as the page does; the container and its root. */
async function hydrate(html: string, tree: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable = vi.fn();
  await act(async () => {
    roots.push(hydrateRoot(container, tree, { onRecoverableError: recoverable }));
  });
  expect(recoverable).not.toHaveBeenCalled();
  return container;
}

/** Runs the browser's next task (the next timer), and what React does after it. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

beforeEach(() => {
  // Only the timers: a formatting task is one `setTimeout`, run one at a time here.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(async () => {
  await act(async () => roots.splice(0).forEach((root) => root.unmount()));
  vi.useRealTimers();
  dateTime.mockClear();
  document.body.innerHTML = '';
});

describe('LocalDateTime in the browser', () => {
  it('hydrates without formatting (the server text stays), then shows the browser zone in a task of its own', async () => {
    // What the server wrote (local-date-time.server.test.tsx): the time in Moscow.
    const container = await hydrate(
      `<time datetime="${VALUE}" class="when">25 нояб. 2026 г., 17:07</time>`,
      intl(<LocalDateTime value={VALUE} className="when" />),
    );
    const serverTime = container.querySelector('time');
    // Hydration and its effects are done: nothing formatted yet, the server's text stays.
    expect(dateTime).not.toHaveBeenCalled();
    expect(serverTime?.textContent).toBe('25 нояб. 2026 г., 17:07');
    // One formatting, in the browser's zone (no zone given), in the next task.
    await nextTask();
    expect(dateTime.mock.calls).toEqual([[VALUE]]);
    expect(container.querySelector('time')).toBe(serverTime);
    expect(serverTime?.textContent).toBe(`browser ${VALUE}`);
  });

  it('formats the hydrated times one task after another', async () => {
    const values = [VALUE, '2026-11-26T09:00:00.000Z', '2026-11-27T18:30:00.000Z'];
    const container = await hydrate(
      values.map((value) => `<time datetime="${value}">server ${value}</time>`).join(''),
      intl(values.map((value) => <LocalDateTime key={value} value={value} />)),
    );
    const texts = () => [...container.querySelectorAll('time')].map((time) => time.textContent);
    expect(texts()).toEqual(values.map((value) => `server ${value}`));
    for (let done = 1; done <= values.length; done += 1) {
      await nextTask();
      expect(dateTime).toHaveBeenCalledTimes(done);
      expect(texts()).toEqual(
        values.map((value, index) => (index < done ? `browser ${value}` : `server ${value}`)),
      );
    }
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops the pending formatting of a time that unmounts first', async () => {
    await hydrate(`<time datetime="${VALUE}">server</time>`, intl(<LocalDateTime value={VALUE} />));
    await act(async () => roots.pop()?.unmount());
    await nextTask();
    expect(dateTime).not.toHaveBeenCalled();
  });

  it('formats at once when it mounts after hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      const root = createRoot(container);
      roots.push(root);
      root.render(intl(<LocalDateTime value={VALUE} className="when" />));
    });
    expect(dateTime.mock.calls).toEqual([[VALUE]]);
    expect(container.querySelector('time')?.textContent).toBe(`browser ${VALUE}`);
  });
});
