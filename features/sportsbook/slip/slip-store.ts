'use client';

import { create } from 'zustand';
import type { MarketKey, OddsAcceptMode, OutcomeCode, Sport, SportBetKind } from '@/lib/constants/sports';

/**
 * The bet slip (issue 18): the outcomes the player picked on any page, with the odds they saw, kept in
 * this tab's memory and in localStorage (`SLIP_STORAGE_KEY`) across reloads. The event lists and the event
 * page add and remove outcomes (`toggle`); the slip panel shows them, follows their odds live
 * (`updateOdds`) and places the bet.
 */
export interface SlipSelection {
  outcome_id: string;
  event_id: string;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  starts_at: string;
  market_id: string;
  market_key: MarketKey;
  period: number | null;
  line: number | null;
  code: OutcomeCode;
  /** The odds the player sees now (updated live). */
  odds: number;
  /** The odds when the outcome was added or last confirmed: the slip marks the difference. */
  addedOdds: number;
  /** The market is suspended or closed now: the slip cannot be placed with it. */
  suspended: boolean;
}

export interface SlipState {
  selections: SlipSelection[];
  kind: SportBetKind;
  systemK: number;
  accept: OddsAcceptMode;
  /** The stake as typed (a string, so that "1." stays while typing). */
  stake: string;
  open: boolean;
  toggle(selection: Omit<SlipSelection, 'addedOdds' | 'suspended'>): void;
  remove(outcomeId: string): void;
  clear(): void;
  updateOdds(outcomeId: string, odds: number, suspended: boolean): void;
  /** The player accepted the odds as they are now: the change marks go. */
  confirmOdds(): void;
  setKind(kind: SportBetKind): void;
  setSystemK(k: number): void;
  setAccept(accept: OddsAcceptMode): void;
  setStake(stake: string): void;
  setOpen(open: boolean): void;
}

export const SLIP_STORAGE_KEY = 'sports-slip';

type Persisted = Pick<SlipState, 'selections' | 'kind' | 'systemK' | 'accept' | 'stake'>;

function load(): Partial<Persisted> {
  if (typeof window === 'undefined') return {};
  try {
    const raw = window.localStorage.getItem(SLIP_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return {};
    const persisted = value as Partial<Persisted>;
    return Array.isArray(persisted.selections) ? persisted : {};
  } catch {
    return {};
  }
}

function save(state: SlipState): void {
  if (typeof window === 'undefined') return;
  const { selections, kind, systemK, accept, stake } = state;
  try {
    window.localStorage.setItem(SLIP_STORAGE_KEY, JSON.stringify({ selections, kind, systemK, accept, stake }));
  } catch {
    // Private mode or a full storage: the slip still works for this page's life.
  }
}

/** The kind that fits the number of selections when the player has not chosen one that does. */
function fittingKind(kind: SportBetKind, count: number): SportBetKind {
  if (count <= 1) return 'single';
  if (kind === 'system' && count < 3) return 'express';
  return kind === 'single' ? 'express' : kind;
}

export const useSlipStore = create<SlipState>()((set, get) => {
  const update = (patch: Partial<SlipState>) => {
    set(patch);
    save(get());
  };
  return {
    selections: [],
    kind: 'single',
    systemK: 2,
    accept: 'higher',
    stake: '',
    open: false,
    ...load(),
    toggle(selection) {
      const { selections, kind } = get();
      if (selections.some((s) => s.outcome_id === selection.outcome_id)) {
        const next = selections.filter((s) => s.outcome_id !== selection.outcome_id);
        update({ selections: next, kind: fittingKind(kind, next.length) });
        return;
      }
      // One outcome per event: picking another outcome of the same event replaces the first.
      const next = [
        ...selections.filter((s) => s.event_id !== selection.event_id),
        { ...selection, addedOdds: selection.odds, suspended: false },
      ];
      update({ selections: next, kind: fittingKind(kind, next.length) });
    },
    remove(outcomeId) {
      const next = get().selections.filter((s) => s.outcome_id !== outcomeId);
      update({ selections: next, kind: fittingKind(get().kind, next.length) });
    },
    clear() {
      update({ selections: [], kind: 'single', stake: '' });
    },
    updateOdds(outcomeId, odds, suspended) {
      const { selections } = get();
      const found = selections.find((s) => s.outcome_id === outcomeId);
      if (!found || (found.odds === odds && found.suspended === suspended)) return;
      update({
        selections: selections.map((s) => (s.outcome_id === outcomeId ? { ...s, odds, suspended } : s)),
      });
    },
    confirmOdds() {
      update({ selections: get().selections.map((s) => ({ ...s, addedOdds: s.odds })) });
    },
    setKind(kind) {
      update({ kind });
    },
    setSystemK(systemK) {
      update({ systemK });
    },
    setAccept(accept) {
      update({ accept });
    },
    setStake(stake) {
      update({ stake });
    },
    setOpen(open) {
      set({ open });
    },
  };
});

/** Whether the outcome is in the slip (a boolean, so an odds button re-renders only when it changes). */
export const selectIsPicked =
  (outcomeId: string) =>
  (state: SlipState): boolean =>
    state.selections.some((s) => s.outcome_id === outcomeId);
