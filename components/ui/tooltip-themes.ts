import type { TooltipTheme } from '@/lib/constants/ui';

/**
 * The surfaces of the spec's tooltip themes (section 9), shared by tooltips and popovers: `white` and
 * `gray` for plain explanations, `regdep` the registration and deposit accent (the gold of the primary
 * buttons). Text contrast (tooltip-themes.test.ts computes it from app/globals.css): ink on white 18.6:1,
 * white on panel-2 15.1:1, ink on gold 11.5:1.
 */
export const TOOLTIP_THEME_CLASS: Record<TooltipTheme, { surface: string; arrow: string }> = {
  white: { surface: 'border-white bg-white text-ink', arrow: 'fill-white' },
  gray: { surface: 'border-line bg-panel-2 text-white', arrow: 'fill-panel-2' },
  regdep: { surface: 'border-gold-dark bg-gold text-ink', arrow: 'fill-gold' },
};
