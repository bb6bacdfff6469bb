import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationMarker } from './hydration-marker';

describe('HydrationMarker', () => {
  afterEach(() => {
    delete document.documentElement.dataset.hydrated;
  });

  it('marks the document as hydrated once mounted in the browser, and unmarks it when it goes', () => {
    expect(document.documentElement).not.toHaveAttribute('data-hydrated');
    const { container, unmount } = render(<HydrationMarker />);
    expect(container).toBeEmptyDOMElement();
    expect(document.documentElement).toHaveAttribute('data-hydrated', 'true');
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-hydrated');
  });

  it('leaves the server-rendered HTML unmarked', () => {
    expect(renderToString(<HydrationMarker />)).toBe('');
    expect(document.documentElement).not.toHaveAttribute('data-hydrated');
  });
});
