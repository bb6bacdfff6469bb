import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredIsland } from './deferred-island';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {label} {count}
    </button>
  );
}

async function serverHtml(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('deferredIsland', () => {
  it('is in the server HTML whole, keeps it through the first paint without loading, then hydrates it in place', async () => {
    const ServerIsland = deferredIsland(async () => Counter);
    const html = await serverHtml(<ServerIsland label="bets" />);
    expect(html).toContain('data-island="pending"');
    expect(html).toMatch(/<!--\$--><button type="button">bets<!-- --> <!-- -->0<\/button><!--\/\$-->/);

    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const load = vi.fn(async () => Counter);
    const BrowserIsland = deferredIsland(load);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButton = container.querySelector('button');
    const recoverable = vi.fn();

    await act(async () => {
      hydrateRoot(container, <BrowserIsland label="bets" />, { onRecoverableError: recoverable });
    });
    // Hydrated around it, not in it: no code fetched before the frame, the server's button still there.
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(serverButton);
    expect(container.querySelector('[data-island]')?.getAttribute('data-island')).toBe('pending');

    await act(async () => {
      frames.splice(0).forEach((callback) => callback(performance.now()));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-island]')?.getAttribute('data-island')).toBe('ready');
    // The same element, now React's: a click counts.
    expect(container.querySelector('button')).toBe(serverButton);
    await act(async () => serverButton?.click());
    expect(serverButton).toHaveTextContent('bets 1');
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads anyway when no frame comes (a hidden tab), and renders the fallback on a client-side render', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestAnimationFrame', () => 0);
      const Island = deferredIsland(async () => Counter, <p>loading</p>);
      const container = document.createElement('div');
      document.body.append(container);
      const { createRoot } = await import('react-dom/client');
      await act(async () => createRoot(container).render(<Island label="odds" />));
      expect(container).toHaveTextContent('loading');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500);
      });
      expect(container).toHaveTextContent('odds 0');
    } finally {
      vi.useRealTimers();
    }
  });
});
