'use client';

import { create } from 'zustand';
import {
  BET_KINDS,
  ODDS_ACCEPT_MODES,
  type MarketKey,
  type OddsAcceptMode,
  type OutcomeCode,
  type Sport,
  type SportBetKind,
} from '@/lib/constants/sports';

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
  /** After a bet was placed: the selections go, the stake, the accept choice and the panel stay. */
  clearSelections(): void;
  updateOdds(outcomeId: string, odds: number, suspended: boolean): void;
  /** The server's odds now (a refused bet's `odds_changed`): each listed selection takes them, marked. */
  applyOdds(odds: Readonly<Record<string, number>>): void;
  /** Marks selections as suspended (a refused bet's `suspended`). */
  markSuspended(outcomeIds: readonly string[]): void;
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

const isSelection = (value: unknown): value is SlipSelection => {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    [
      'outcome_id',
      'event_id',
      'sport',
      'league',
      'home',
      'away',
      'starts_at',
      'market_id',
      'market_key',
      'code',
    ].every((key) => typeof s[key] === 'string') &&
    typeof s.odds === 'number' &&
    typeof s.addedOdds === 'number' &&
    typeof s.suspended === 'boolean'
  );
};

/** The persisted slip, each part kept only when it has the right shape (an older or edited entry). */
function load(): Partial<Persisted> {
  if (typeof window === 'undefined') return {};
  try {
    const raw = window.localStorage.getItem(SLIP_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return {};
    const persisted = value as Record<string, unknown>;
    if (!Array.isArray(persisted.selections)) return {};
    const out: Partial<Persisted> = { selections: persisted.selections.filter(isSelection) };
    if ((BET_KINDS as readonly unknown[]).includes(persisted.kind)) out.kind = persisted.kind as SportBetKind;
    if (Number.isInteger(persisted.systemK)) out.systemK = persisted.systemK as number;
    if ((ODDS_ACCEPT_MODES as readonly unknown[]).includes(persisted.accept))
      out.accept = persisted.accept as OddsAcceptMode;
    if (typeof persisted.stake === 'string') out.stake = persisted.stake;
    return out;
  } catch {
    return {};
  }
}

function save(state: SlipState): void {
  if (typeof window === 'undefined') return;
  const { selections, kind, systemK, accept, stake } = state;
  try {
    window.localStorage.setItem(
      SLIP_STORAGE_KEY,
      JSON.stringify({ selections, kind, systemK, accept, stake }),
    );
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

/**
 * The store starts empty, the same on the server and in the browser, so the server HTML and the
 * hydrating render agree (zustand's React binding serves `getInitialState()` as the server snapshot); in
 * the browser the persisted slip is read right after creation (below), and components show it from the
 * render after hydration on.
 */
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
    clearSelections() {
      update({ selections: [], kind: 'single' });
    },
    updateOdds(outcomeId, odds, suspended) {
      const { selections } = get();
      const found = selections.find((s) => s.outcome_id === outcomeId);
      if (!found || (found.odds === odds && found.suspended === suspended)) return;
      update({
        selections: selections.map((s) => (s.outcome_id === outcomeId ? { ...s, odds, suspended } : s)),
      });
    },
    applyOdds(odds) {
      const { selections } = get();
      if (!selections.some((s) => odds[s.outcome_id] !== undefined && odds[s.outcome_id] !== s.odds)) return;
      update({
        selections: selections.map((s) =>
          odds[s.outcome_id] === undefined ? s : { ...s, odds: odds[s.outcome_id] },
        ),
      });
    },
    markSuspended(outcomeIds) {
      const { selections } = get();
      if (!selections.some((s) => outcomeIds.includes(s.outcome_id) && !s.suspended)) return;
      update({
        selections: selections.map((s) =>
          outcomeIds.includes(s.outcome_id) ? { ...s, suspended: true } : s,
        ),
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

if (typeof window !== 'undefined') {
  useSlipStore.setState(load());
  // Another tab changed the slip: this one follows.
  window.addEventListener('storage', (event) => {
    if (event.key === SLIP_STORAGE_KEY) useSlipStore.setState({ selections: [], ...load() });
  });
}

/** Whether the outcome is in the slip (a boolean, so an odds button re-renders only when it changes). */
export const selectIsPicked =
  (outcomeId: string) =>
  (state: SlipState): boolean =>
    state.selections.some((s) => s.outcome_id === outcomeId);
