'use client';

import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The carousel's frame around server-rendered slides (`<div data-slide={index}>`): one slide a screen
 * wide in a strip that scrolls sideways (CSS scroll snap: a finger swipes it), with "previous" and
 * "next" buttons, the left and right arrow keys anywhere inside it, and the slide number. It never moves
 * by itself. Every slide's link is in the tab order; focusing one scrolls it into view and makes it the
 * current slide. Smooth scrolling only without `prefers-reduced-motion`.
 */
export function Carousel({
  label,
  previous,
  next,
  count,
  children,
}: {
  label: string;
  previous: string;
  next: string;
  count: number;
  children: ReactNode;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const show = (index: number) => {
    const target = (index + count) % count;
    setCurrent(target);
    const node = track.current;
    node?.scrollTo?.({ left: target * node.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    show(current + (event.key === 'ArrowRight' ? 1 : -1));
  };

  const onScroll = () => {
    const node = track.current;
    if (node && node.clientWidth > 0) setCurrent(Math.round(node.scrollLeft / node.clientWidth));
  };

  const onFocus = (event: { target: EventTarget }) => {
    const slide = (event.target as HTMLElement).closest?.('[data-slide]');
    if (slide) setCurrent(Number(slide.getAttribute('data-slide')));
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="banner-carousel"
      onKeyDown={onKeyDown}
    >
      <div ref={track} id="home-banners" className="banner-track" onScroll={onScroll} onFocus={onFocus}>
        {children}
      </div>
      {count > 1 ? (
        <div className="banner-controls">
          <button
            type="button"
            className="banner-button"
            aria-label={previous}
            aria-controls="home-banners"
            onClick={() => show(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <span className="banner-position" aria-live="polite" data-testid="banner-position">
            {current + 1} / {count}
          </span>
          <button
            type="button"
            className="banner-button"
            aria-label={next}
            aria-controls="home-banners"
            onClick={() => show(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
