import { MODAL, type KnownModalName } from '@/lib/stores/modal-store';

/** The query flags that open named dialogs (spec section 2), in the order they are honoured. */
export const QUERY_FLAG_MODALS = [
  ['signup', MODAL.signup],
  ['login', MODAL.login],
  ['deposit', MODAL.PayIn],
] as const satisfies readonly (readonly [string, KnownModalName])[];

/**
 * Which dialogs a query asks for, and the query with those flags removed. A flag counts when present,
 * whatever its value (`?login`, `?login=1`, `?login=true`).
 */
export function takeQueryFlags(search: URLSearchParams): { modals: KnownModalName[]; rest: URLSearchParams } {
  const rest = new URLSearchParams(search);
  const modals: KnownModalName[] = [];
  for (const [flag, modal] of QUERY_FLAG_MODALS) {
    if (rest.has(flag)) {
      modals.push(modal);
      rest.delete(flag);
    }
  }
  return { modals, rest };
}
