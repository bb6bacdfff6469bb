/**
 * Why a play was refused, as the game page shows it: the code picks the page's message, `balanceMinor`
 * (when known) is the balance to show, and `status` is the HTTP status of the page's JSON call.
 */
export type PlayErrorCode =
  | 'not-enough-money'
  | 'wallet-refused'
  | 'rolled-back'
  | 'bad-bet'
  | 'no-free-rounds'
  | 'betting-closed'
  | 'already-bet';

export class PlayError extends Error {
  constructor(
    readonly code: PlayErrorCode,
    readonly balanceMinor: bigint | null = null,
    readonly detail: string | null = null,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'PlayError';
  }
}
