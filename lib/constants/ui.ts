/** Interface constants of spec sections 2 and 9 that are not timers. */

/** Default notification width, in CSS pixels. */
export const NOTIFICATION_WIDTH_PX = 300;

/** Tooltip themes. */
export const TOOLTIP_THEMES = ['white', 'gray', 'regdep'] as const;
export type TooltipTheme = (typeof TOOLTIP_THEMES)[number];

/** The fixed support-chat button sits this far from the right and bottom edges, in CSS pixels. */
export const SUPPORT_CHAT_BUTTON_OFFSET_PX = 20;
