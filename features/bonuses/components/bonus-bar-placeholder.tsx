/** The bonus bar's height, the same for the bar and for the space kept for it (phones / from `sm` up). */
export const BONUS_BAR_BOX = 'min-h-[129px] border-b border-line bg-panel sm:min-h-[61px]';

/**
 * The space of the bonus bar while it loads (spec section 4 "Bonus bar"), rendered on the server, so the
 * page does not move when the bar arrives. Kept for guests only: the inline script of the locale layout
 * marks a signed-in visitor's page before it paints (`data-session="user"`), and a signed-in player sees
 * a bar only when a bonus waits for their deposit.
 */
export function BonusBarPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className={`bonus-bar-placeholder ${BONUS_BAR_BOX}`}
      data-testid="bonus-bar-placeholder"
    />
  );
}
