import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has no ResizeObserver; Radix's popper (tooltips, popovers) measures its arrow with one. A stub
 * that never reports, for the test files that open one; the file's own global is restored after them.
 */
export function stubResizeObserver(): void {
  const original = globalThis.ResizeObserver;
  beforeAll(() => {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterAll(() => {
    if (original) globalThis.ResizeObserver = original;
    else Reflect.deleteProperty(globalThis, 'ResizeObserver');
  });
}
