'use client';

import * as PopoverPrimitive from '@radix-ui/react-popover';
import { useRef, type ReactNode, type RefObject } from 'react';
import { POPOVER_DISPOSE_TIMEOUT_MS } from '@/lib/constants/timing';
import type { TooltipTheme } from '@/lib/constants/ui';
import { TOOLTIP_THEME_CLASS } from './tooltip-themes';

/**
 * The Radix popover behind `Popover` (popover.tsx), loaded the first time one is wanted. It is anchored
 * to the trigger `Popover` renders itself (so the page's button is there before Radix is), and stays
 * mounted while `Popover` keeps it: closed, it fades out, takes no pointer and is inert until then.
 */
export function PopoverView({
  open,
  onOpenChange,
  triggerRef,
  id,
  label,
  title,
  closeLabel,
  theme,
  side,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  id: string;
  label: string;
  title?: string;
  closeLabel: string;
  theme: TooltipTheme;
  side: 'top' | 'right' | 'bottom' | 'left';
  testId?: string;
  children: ReactNode;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const { surface, arrow } = TOOLTIP_THEME_CLASS[theme];
  const change = (next: boolean) => {
    // Closed from inside (Escape, the close button): focus goes back to the trigger at once, not when
    // the content is removed. Closed by a click or a focus elsewhere, it stays where the player put it.
    if (!next && contentRef.current?.contains(document.activeElement)) triggerRef.current?.focus();
    onOpenChange(next);
  };
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={change}>
      <PopoverPrimitive.Anchor virtualRef={triggerRef as RefObject<HTMLButtonElement>} />
      <PopoverPrimitive.Portal forceMount>
        <PopoverPrimitive.Content
          ref={contentRef}
          forceMount
          id={id}
          side={side}
          sideOffset={6}
          collisionPadding={12}
          aria-label={title ? undefined : label}
          inert={!open}
          // The content itself takes the focus, so a screen reader reads its name and text first.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => event.preventDefault()}
          // The trigger toggles by itself: a press on it is not a press outside.
          onInteractOutside={(event) => {
            if (triggerRef.current?.contains(event.target as Node)) event.preventDefault();
          }}
          className={`z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border p-3 text-sm shadow-xl transition-opacity focus:outline-none data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0 ${surface}`}
          style={{ transitionDuration: `${POPOVER_DISPOSE_TIMEOUT_MS}ms` }}
          data-theme={theme}
          data-testid={testId}
        >
          <div className="flex items-start justify-between gap-3">
            {title ? (
              <PopoverPrimitive.Title asChild>
                <p className="pt-0.5 font-semibold">{title}</p>
              </PopoverPrimitive.Title>
            ) : (
              <span />
            )}
            <PopoverPrimitive.Close
              aria-label={closeLabel}
              className="-m-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-xl leading-none opacity-80 hover:opacity-100"
            >
              <span aria-hidden="true">×</span>
            </PopoverPrimitive.Close>
          </div>
          <PopoverPrimitive.Description asChild>
            <div className="mt-1 space-y-2">{children}</div>
          </PopoverPrimitive.Description>
          <PopoverPrimitive.Arrow className={arrow} width={12} height={6} />
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
