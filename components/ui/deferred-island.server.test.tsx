// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferredIsland } from './deferred-island';

function Odds({ label }: { label: string }) {
  return <button type="button">{label}</button>;
}

describe('deferredIsland on the server', () => {
  it('renders the island in the pass around it once its code is there, not as a boundary left to stream', async () => {
    expect(typeof window).toBe('undefined');
    const Island = deferredIsland(async () => Odds, <p>fallback</p>);
    // The code is asked for when the island is declared; a moment later it is there.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // renderToString cannot wait: an island that suspended would be its fallback, left to the browser.
    const html = renderToString(<Island label="2.15" />);
    expect(html).toBe(
      '<div class="contents" data-island="pending"><!--$--><button type="button">2.15</button><!--/$--></div>',
    );
  });
});
