'use client';

import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POPOVER_DISPOSE_TIMEOUT_MS } from '@/lib/constants/timing';
import type { TooltipTheme } from '@/lib/constants/ui';

let viewLoad: Promise<typeof import('./popover-view')> | undefined;
const loadPopoverView = () => (viewLoad ??= import('./popover-view'));
const PopoverView = lazy(() => loadPopoverView().then((module) => ({ default: module.PopoverView })));

/** Starts loading the popover's code (Radix) before it is needed. */
export function preloadPopover(): Promise<unknown> {
  return loadPopoverView();
}

/**
 * An explanation opened by a press (a click, a tap, Enter or Space on its button): the touch-friendly
 * counterpart of `Tooltip` (tooltip.tsx), for what a player on a phone needs to read. The trigger is a
 * small "?" button named by `label` (or, with `showLabel`, the label itself as a link-like button); the
 * content is a non-modal Radix popover (`role="dialog"`, named by `title` or `label`, its text as the
 * description) that takes the focus, closes on Escape, on its close button, on a press elsewhere or
 * on the trigger again, and gives the focus back to the trigger when closed from inside. It stays within
 * the viewport (12 px collision padding, at most the viewport's width less 24 px), so it never makes a
 * phone's page scroll sideways.
 *
 * Spec section 9's "popover dispose timeout" (POPOVER_DISPOSE_TIMEOUT_MS, 150 ms) is read as the time a
 * closed popover is kept before it is removed: it fades out over those 150 ms (inert, taking no pointer,
 * `aria-expanded` already false), then leaves the document, and reopening within them reuses it.
 *
 * Radix and the content's markup load the first time the trigger is pointed at, focused or pressed,
 * not with the page (as `Dialog` does).
 */
export function Popover({
  label,
  title,
  closeLabel,
  children,
  theme = 'gray',
  side = 'bottom',
  showLabel = false,
  testId,
}: {
  /** The trigger's accessible name, and the popover's when there is no `title`. */
  label: string;
  title?: string;
  closeLabel: string;
  children: ReactNode;
  theme?: TooltipTheme;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Show `label` as the trigger's text instead of the "?" sign. */
  showLabel?: boolean;
  /** The content's test id; the trigger's is `${testId}-trigger`. */
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // Adjusting state during render (React's documented pattern): the content mounts as it opens.
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open || !mounted) return;
    const timer = window.setTimeout(() => setMounted(false), POPOVER_DISPOSE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [open, mounted]);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const preload = () => void loadPopoverView();

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        aria-label={showLabel ? undefined : label}
        data-state={open ? 'open' : 'closed'}
        onClick={() => setOpen((was) => !was)}
        onPointerEnter={preload}
        onFocus={preload}
        className={
          showLabel
            ? 'inline-flex min-h-6 items-center text-left text-sm text-gold underline underline-offset-2 hover:text-white'
            : "relative inline-flex size-6 shrink-0 items-center justify-center rounded-full border border-line align-middle text-xs font-bold text-muted transition before:absolute before:-inset-2.5 before:content-[''] hover:border-gold hover:text-white data-[state=open]:border-gold data-[state=open]:text-white"
        }
        data-testid={testId ? `${testId}-trigger` : undefined}
      >
        {showLabel ? label : <span aria-hidden="true">?</span>}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <PopoverView
            open={open}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            id={contentId}
            label={label}
            title={title}
            closeLabel={closeLabel}
            theme={theme}
            side={side}
            testId={testId}
          >
            {children}
          </PopoverView>
        </Suspense>
      ) : null}
    </>
  );
}
