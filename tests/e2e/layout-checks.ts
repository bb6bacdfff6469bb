import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { API_PORT, expect } from './support';

/**
 * DOM measurements of the layout suite (tests/e2e/layout.spec.ts): everything is read from the live
 * page's boxes, nothing from pixels. Each function returns plain data so that a failing assertion can
 * print the numbers.
 */

/** A short, readable name of an element: tag, test id, id, a few classes, its first words. */
export interface ElementNote {
  name: string;
  left: number;
  right: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Waits until the page has settled after hydration: no request to the API server in flight (the
 * session, the balance and the lists load after hydration), web fonts loaded, and two animation frames
 * painted since, so that React has rendered what the answers brought. No fixed sleep.
 */
export async function settle(page: Page, pendingApiCalls: () => string[]): Promise<void> {
  await expect
    .poll(pendingApiCalls, { message: 'API calls still in flight', intervals: [50, 100, 250] })
    .toEqual([]);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        void document.fonts.ready.then(() =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        );
      }),
  );
}

/** The page's requests to the API server that have not finished yet (their addresses). */
export function trackApiRequests(page: Page): () => string[] {
  const inFlight = new Set<Request>();
  const isApi = (request: Request) => new URL(request.url()).port === API_PORT;
  page.on('request', (request) => {
    if (isApi(request)) inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => [...inFlight].map((request) => `${request.method()} ${request.url()}`);
}

export interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** The element reaching furthest past the right (or left) edge of the viewport. */
  widest: ElementNote | null;
  /** Up to three overflowing elements whose parent does not overflow: where the excess starts. */
  origins: ElementNote[];
}

/** Check 1: the document's width against the viewport's, and the elements that stick out. */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    const note = (el: Element) => {
      const r = el.getBoundingClientRect();
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4) : [];
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name =
        el.tagName.toLowerCase() +
        (testId ? `[data-testid=${testId}]` : '') +
        (el.id ? `#${el.id}` : '') +
        (cls.length ? `.${cls.join('.')}` : '') +
        (text ? ` "${text}"` : '');
      return {
        name,
        left: Math.round(r.left),
        right: Math.round(r.right),
        top: Math.round(r.top),
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    };
    // An element inside a box that clips or scrolls sideways does not widen the page.
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
        const { overflowX } = getComputedStyle(p);
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const sticksOut = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return false;
      if (getComputedStyle(el).position === 'fixed' && r.right <= limit + 1) return false;
      return r.right > limit + 1 || r.left < -1;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter(
      (el) => sticksOut(el) && !contained(el),
    );
    const byReach = (a: Element, b: Element) =>
      b.getBoundingClientRect().right - a.getBoundingClientRect().right;
    const sorted = [...offenders].sort(byReach);
    const origins = sorted.filter((el) => !el.parentElement || !offenders.includes(el.parentElement));
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: limit,
      widest: sorted[0] ? note(sorted[0]) : null,
      origins: origins.slice(0, 3).map(note),
    };
  });
}

export interface HeaderMeasure {
  /** Whether the page has a banner `<header>` at all (the /no-access layout has none). */
  present: boolean;
  height: number;
  /** The children of the header's row: the first box under `<header>` that holds two or more. */
  rowItems: ElementNote[];
  /** The visible header buttons and links whose content is larger than their box. */
  clipped: (ElementNote & {
    scrollWidth: number;
    clientWidth: number;
    scrollHeight: number;
    clientHeight: number;
  })[];
  /** The visible header buttons and links partly hidden by a box of the header that clips or scrolls. */
  cutOff: (ElementNote & { by: ElementNote })[];
}

/** Checks 2 and 4: the banner's height, its row's children, and its controls whose text overflows. */
export function measureHeader(page: Page): Promise<HeaderMeasure> {
  return page.evaluate(() => {
    const note = (el: Element) => {
      const r = el.getBoundingClientRect();
      const testId = el.getAttribute('data-testid');
      const label = el.getAttribute('aria-label');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 3) : [];
      const name =
        el.tagName.toLowerCase() +
        (testId ? `[data-testid=${testId}]` : '') +
        (cls.length && !testId ? `.${cls.join('.')}` : '') +
        (label ? `[aria-label="${label}"]` : '') +
        (text ? ` "${text}"` : '');
      return {
        name,
        left: Math.round(r.left),
        right: Math.round(r.right),
        top: Math.round(r.top),
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && r.width > 0 && r.height > 0;
    };
    // The banner: a <header> that is not inside sectioning content or main.
    const header = [...document.querySelectorAll('header')].find(
      (h) => !h.parentElement?.closest('article, aside, main, nav, section, [role=dialog]'),
    );
    if (!header) return { present: false, height: 0, rowItems: [], clipped: [], cutOff: [] };

    let row: Element = header;
    for (;;) {
      const visible = [...row.children].filter(shown);
      if (visible.length !== 1) break;
      row = visible[0]!;
    }
    const rowItems = [...row.children].filter(shown).map(note);

    const clipped = [...header.querySelectorAll('button, a')].filter(shown).flatMap((el) => {
      const h = el as HTMLElement;
      // An inline box has no client size; its text cannot be clipped by itself.
      if (getComputedStyle(h).display === 'inline') return [];
      const { scrollWidth, clientWidth, scrollHeight, clientHeight } = h;
      if (scrollWidth <= clientWidth + 1 && scrollHeight <= clientHeight + 1) return [];
      return [{ ...note(h), scrollWidth, clientWidth, scrollHeight, clientHeight }];
    });
    // The main navigation is a strip that scrolls sideways when it does not fit (the issue allows a
    // "More" menu or scrolling): its links may run out of view; every other control must not.
    const cutOff = [...header.querySelectorAll('button, a')]
      .filter(shown)
      .filter((el) => !el.closest('nav'))
      .flatMap((el) => {
        const r = el.getBoundingClientRect();
        for (let p = el.parentElement; p && p !== header.parentElement; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const box = p.getBoundingClientRect();
          const out =
            r.left < box.left - 1 ||
            r.right > box.right + 1 ||
            r.top < box.top - 1 ||
            r.bottom > box.bottom + 1;
          if (out) return [{ ...note(el), by: note(p) }];
        }
        return [];
      });
    return { present: true, height: header.getBoundingClientRect().height, rowItems, clipped, cutOff };
  });
}

/** Check 2's row test: every child of the header's row overlaps one horizontal band. */
export function oneRow(items: ElementNote[]): boolean {
  if (items.length < 2) return true;
  const lowestTop = Math.max(...items.map((i) => i.top));
  const highestBottom = Math.min(...items.map((i) => i.top + i.height));
  return lowestTop < highestBottom;
}

export interface BalanceMeasure {
  present: boolean;
  text: string;
  box: { left: number; top: number; right: number; bottom: number; width: number; height: number };
  viewport: { width: number; height: number };
  display: string;
  visibility: string;
}

/** Check 3: where the header's balance is and what it says. */
export function measureBalance(page: Page): Promise<BalanceMeasure> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="header-balance"]');
    const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
    if (!el) {
      const box = { left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0 };
      return { present: false, text: '', box, viewport, display: '', visibility: '' };
    }
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      present: true,
      text: (el as HTMLElement).innerText.trim().replace(/\s+/g, ' '),
      box: {
        left: Math.round(r.left),
        top: Math.round(r.top),
        right: Math.round(r.right),
        bottom: Math.round(r.bottom),
        width: Math.round(r.width),
        height: Math.round(r.height),
      },
      viewport,
      display: style.display,
      visibility: style.visibility,
    };
  });
}

/** Whether the balance is on screen: a box of some size, wholly inside the viewport, not hidden. */
export function balanceOnScreen(b: BalanceMeasure): boolean {
  return (
    b.present &&
    b.display !== 'none' &&
    b.visibility !== 'hidden' &&
    b.box.width > 0 &&
    b.box.height > 0 &&
    b.box.left >= 0 &&
    b.box.top >= 0 &&
    b.box.right <= b.viewport.width &&
    b.box.bottom <= b.viewport.height
  );
}

/**
 * A money amount in roubles as the ru locale writes it: digits (grouped by spaces, no-break or narrow
 * no-break spaces), two decimals after a comma, the rouble sign. `1 000,00 ₽`.
 */
export const RUB_AMOUNT = /\d{1,3}(?:[\s\u00a0\u202f]\d{3})*,\d{2}[\s\u00a0\u202f]?₽/;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Rules checked whatever their impact: heading-order is "moderate" to axe, but Lighthouse's accessibility
 * score counts it, and a page whose headings skip a level (an h3 under the page's h1) is harder to walk
 * with a screen reader's list of headings.
 */
const ALWAYS_CHECKED = new Set(['heading-order']);

/**
 * Check 5: axe's violations of impact serious or critical, and of the rules in ALWAYS_CHECKED, with the
 * selectors of their elements.
 */
export async function checkedAxeViolations(page: Page): Promise<AxeFinding[]> {
  // Every rule runs; only the violations are collected (the passes' details cost time and say nothing).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  // Without frames, axe.run in the page itself (legacy mode) checks the same, two to four times faster
  // than the default, which opens a blank page of its own to merge the frames' partial results. A page
  // with frames (a game's provider) keeps the default, the only one that reaches cross-origin frames.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_CHECKED.has(v.id))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' >>> ')),
    }));
}

/** One line per finding: rule, impact, what it asks, the elements (at most eight). */
export function describeAxe(findings: AxeFinding[]): string {
  return findings
    .map((f) => {
      const more = f.targets.length > 8 ? ` (+${f.targets.length - 8} more)` : '';
      return `${f.id} [${f.impact}] ${f.help}: ${f.targets.slice(0, 8).join(' | ')}${more}`;
    })
    .join('\n');
}
