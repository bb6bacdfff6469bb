'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ROOMS_TOPIC, roomStakeLimits, type RoomName } from '@/lib/constants/rooms';
import type { Currency } from '@/lib/constants/currencies';
import type { RoomLobbyEntry, RoomsLobbyMessage } from '@/lib/contracts/rooms';
import { useFormat } from '@/lib/i18n/use-format';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { useSessionStore } from '@/lib/stores/session-store';
import { userCurrency } from '@/lib/user-currency';
import { ROOM_COUNTDOWN_TICK_MS } from './constants';
import { checkRoomsLobbyMessage } from './room-message-check';

interface LobbyState {
  entries: RoomLobbyEntry[] | null;
  offsetMs: number;
}

const LobbyContext = createContext<LobbyState>({ entries: null, offsetMs: 0 });

/** Applies one lobby message to the open rounds (pure). */
export function lobbyReducer(state: LobbyState, message: RoomsLobbyMessage, receivedAt: number): LobbyState {
  if (message.type === 'snapshot') {
    return { entries: message.rooms, offsetMs: Date.parse(message.now) - receivedAt };
  }
  if (!state.entries) return state;
  const same = (entry: RoomLobbyEntry) => entry.room === message.room && entry.currency === message.currency;
  const entries = state.entries.map((entry) => {
    if (!same(entry)) return entry;
    switch (message.type) {
      case 'stake':
        return entry.round_id === message.round_id
          ? { ...entry, pot: message.pot, players: message.players }
          : entry;
      case 'countdown':
        return entry.round_id === message.round_id ? { ...entry, ends_at: message.ends_at } : entry;
      case 'opened':
        return message.round.id > entry.round_id
          ? {
              ...entry,
              round_id: message.round.id,
              pot: message.round.pot,
              players: message.round.players,
              ends_at: null,
            }
          : entry;
      default:
        return entry;
    }
  });
  return {
    entries,
    offsetMs: message.type === 'countdown' ? Date.parse(message.now) - receivedAt : state.offsetMs,
  };
}

/** Follows the `rooms` topic for the cards below it. */
export function RoomsLobbyLive({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LobbyState>({ entries: null, offsetMs: 0 });
  const onEvent = useCallback((event: RealtimeEvent) => {
    const receivedAt = Date.now();
    // Checked without zod (room-message-check.ts); a malformed message changes nothing.
    const message = checkRoomsLobbyMessage(event);
    if (message) setState((current) => lobbyReducer(current, message, receivedAt));
  }, []);
  useRealtimeTopic('crash', ROOMS_TOPIC, onEvent);
  return <LobbyContext.Provider value={state}>{children}</LobbyContext.Provider>;
}

/** A card's live line: stakes from (the room's minimum), the pot, the players, the countdown. */
export function LobbyRoomStatus({ room }: { room: RoomName }) {
  const t = useTranslations('rooms.lobby');
  const format = useFormat();
  const { entries, offsetMs } = useContext(LobbyContext);
  const currency: Currency = userCurrency(useSessionStore((state) => state.user));
  const entry = entries?.find((e) => e.room === room && e.currency === currency) ?? null;
  const endsAt = entry?.ends_at ? Date.parse(entry.ends_at) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, ROOM_COUNTDOWN_TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [endsAt]);
  const seconds = endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now - offsetMs) / 1000));
  const { min } = roomStakeLimits(room, currency);
  return (
    <span className="mt-4 grid gap-1 text-sm" data-testid={`rooms-lobby-status-${room}`}>
      <span className="text-muted">{t('from', { min: format.money(min, currency) })}</span>
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span>
          <span className="text-muted">{t('pot')} </span>
          <span className="font-semibold tabular-nums" data-testid={`rooms-lobby-pot-${room}`}>
            {entry ? format.money(entry.pot, currency) : '—'}
          </span>
        </span>
        <span className="text-muted tabular-nums" data-testid={`rooms-lobby-players-${room}`}>
          {t('players', { count: entry?.players ?? 0 })}
        </span>
      </span>
      <span className="text-xs text-muted" data-testid={`rooms-lobby-phase-${room}`}>
        {!entry
          ? t('connecting')
          : seconds !== null
            ? seconds > 0
              ? t('countdown', { seconds })
              : t('drawing')
            : entry.players > 0
              ? t('waiting')
              : t('empty')}
      </span>
    </span>
  );
}
