/* eslint-disable @next/next/no-html-link-for-pages -- the plain anchors stand for what Next's Link renders */
import { fireEvent, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentPrefetch } from './intent-prefetch';

const router = vi.hoisted(() => ({ prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

function page() {
  return render(
    <>
      <IntentPrefetch />
      <a href="/ru/games/dice">
        <span>Dice</span>
      </a>
      <a href="/ru/faq">FAQ</a>
      <a href="https://t.me/channel">Telegram</a>
      <a href="//mirror.example/ru">Mirror</a>
      <a href="/ru/rules.pdf" download>
        Rules
      </a>
      <a href="/ru/help" target="_blank">
        Help
      </a>
    </>,
  );
}

describe('IntentPrefetch', () => {
  beforeEach(() => router.prefetch.mockClear());

  it('prefetches nothing on load, and a route when its link is pointed at, touched or focused', () => {
    const view = page();
    expect(router.prefetch).not.toHaveBeenCalled();
    fireEvent.pointerOver(view.getByText('Dice')); // a child of the link
    expect(router.prefetch).toHaveBeenLastCalledWith('/ru/games/dice');
    fireEvent.touchStart(view.getByText('FAQ'));
    expect(router.prefetch).toHaveBeenLastCalledWith('/ru/faq');
    router.prefetch.mockClear();
    fireEvent.focusIn(view.getByText('Dice').closest('a')!);
    expect(router.prefetch).toHaveBeenCalledWith('/ru/games/dice');
  });

  it('leaves other sites, downloads and new windows alone, and stops listening when unmounted', () => {
    const view = page();
    for (const text of ['Telegram', 'Mirror', 'Rules', 'Help']) fireEvent.pointerOver(view.getByText(text));
    expect(router.prefetch).not.toHaveBeenCalled();
    view.unmount();
    render(<a href="/ru/games/keno">Keno</a>);
    fireEvent.pointerOver(document.querySelector('a[href="/ru/games/keno"]')!);
    expect(router.prefetch).not.toHaveBeenCalled();
  });
});
