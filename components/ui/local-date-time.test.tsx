import { act } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalDateTime } from './local-date-time';

const dateTime = vi.fn((value: string, zone?: string | null) => `browser ${value} ${zone ?? ''}`.trim());
vi.mock('@/lib/i18n/use-format', () => ({ useFormat: () => ({ dateTime }) }));

const VALUE = '2026-11-25T14:07:00.000Z';
const tree = (
  <NextIntlClientProvider locale="ru" messages={{}}>
    <LocalDateTime value={VALUE} className="when" />
  </NextIntlClientProvider>
);

afterEach(() => {
  dateTime.mockClear();
  document.body.innerHTML = '';
});

describe('LocalDateTime in the browser', () => {
  it('hydrates without formatting (the server text stays), then shows the browser zone', async () => {
    const container = document.createElement('div');
    // What the server wrote (local-date-time.server.test.tsx): the time in Moscow.
    container.innerHTML = `<time datetime="${VALUE}" class="when">25 нояб. 2026 г., 17:07</time>`;
    document.body.append(container);
    const serverTime = container.querySelector('time');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // One formatting, in the browser's zone (no zone given), after hydration: none in the hydrating render.
    expect(dateTime.mock.calls).toEqual([[VALUE]]);
    expect(container.querySelector('time')).toBe(serverTime);
    expect(serverTime?.textContent).toBe(`browser ${VALUE}`);
  });

  it('formats at once when it mounts after hydration', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(tree));
    expect(dateTime.mock.calls).toEqual([[VALUE]]);
    expect(container.querySelector('time')?.textContent).toBe(`browser ${VALUE}`);
  });
});
