/** Class names shared by buttons and button-looking links. */
export const buttonClass = {
  primary:
    'inline-flex min-h-10 items-center justify-center rounded-xl bg-gold px-4 py-2 font-semibold text-ink transition hover:bg-gold-dark disabled:opacity-50',
  secondary:
    'inline-flex min-h-10 items-center justify-center rounded-xl border border-line bg-panel-2 px-4 py-2 font-semibold text-white transition hover:border-gold disabled:opacity-50',
  ghost:
    'inline-flex min-h-10 items-center justify-center rounded-xl px-3 py-2 text-muted transition hover:text-white',
} as const;
