import { create } from 'zustand';
import { PROMO_SESSION_STORAGE_KEY } from '@/lib/constants/storage';

/**
 * The promo code a guest arrived with (the `promo` query parameter), kept for the session so the bonus
 * bar still offers it after navigating away from the address that carried it. Also saved in session
 * storage, so a reload in the same tab keeps it.
 *
 * Hydration: the initial state is always "no promo", the same on the server and in the browser; the
 * saved code is read right after creation in the browser (like the session store).
 *
 * A code whose lookup failed is remembered as rejected, so the address that still carries it (until
 * it is rewritten) does not bring it back.
 */
export interface PromoState {
  promo: string | null;
  rejected: readonly string[];
  setPromo: (promo: string) => void;
  /** Forgets the promo and never takes `promo` again in this page session. */
  rejectPromo: (promo: string) => void;
}

const normalise = (promo: string) => promo.trim().toUpperCase();

function save(promo: string | null) {
  try {
    if (promo) window.sessionStorage.setItem(PROMO_SESSION_STORAGE_KEY, promo);
    else window.sessionStorage.removeItem(PROMO_SESSION_STORAGE_KEY);
  } catch {
    // storage blocked: the promo lives in memory only
  }
}

function load(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage.getItem(PROMO_SESSION_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export const usePromoStore = create<PromoState>()((set, get) => ({
  promo: null,
  rejected: [],
  setPromo: (promo) => {
    const trimmed = promo.trim();
    if (!trimmed || get().promo === trimmed) return;
    save(trimmed);
    set({ promo: trimmed });
  },
  rejectPromo: (promo) => {
    const key = normalise(promo);
    const current = get().promo;
    const clears = current !== null && normalise(current) === key;
    if (clears) save(null);
    set((state) => ({
      promo: clears ? null : state.promo,
      rejected: state.rejected.includes(key) ? state.rejected : [...state.rejected, key],
    }));
  },
}));

const initialPromo = load();
if (initialPromo) usePromoStore.setState({ promo: initialPromo });

/** Whether `promo` was rejected earlier in this page session. */
export const isRejectedPromo = (state: PromoState, promo: string) =>
  state.rejected.includes(normalise(promo));
