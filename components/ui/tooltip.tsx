'use client';

import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { TOOLTIP_SHOW_DELAY_MS } from '@/lib/constants/timing';
import type { TooltipTheme } from '@/lib/constants/ui';
import { TOOLTIP_THEME_CLASS } from './tooltip-themes';

/**
 * A short hint on a control (Radix Tooltip): shown TOOLTIP_SHOW_DELAY_MS (spec section 9) after the
 * pointer rests on it, at once on keyboard focus; Escape, a click or leaving hides it. While shown, its
 * text is the control's accessible description (`aria-describedby` to the `role="tooltip"` element).
 *
 * A tooltip never opens on touch, so it may only repeat what the page says elsewhere: an explanation a
 * player on a phone needs goes into a `Popover` (popover.tsx), opened by a tap. `children` must be one
 * focusable element that takes a ref (a `<button>`). Radix is imported here, not loaded on demand as the
 * popover's is (about 18 kB gzipped with Floating UI, measured with scripts/analyze-chunks.mjs): use it in
 * code that is itself loaded on demand (the crash fairness tools, a dialog), not in a page's first screen.
 */
export function Tooltip({
  content,
  children,
  theme = 'gray',
  side = 'top',
  testId,
}: {
  content: ReactNode;
  children: ReactElement;
  theme?: TooltipTheme;
  side?: 'top' | 'right' | 'bottom' | 'left';
  testId?: string;
}) {
  const { surface, arrow } = TOOLTIP_THEME_CLASS[theme];
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_SHOW_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={12}
            className={`z-50 max-w-[min(18rem,calc(100vw-1.5rem))] rounded-lg border px-3 py-2 text-sm shadow-lg ${surface}`}
            data-theme={theme}
            data-testid={testId}
          >
            {content}
            <TooltipPrimitive.Arrow className={arrow} width={12} height={6} />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
