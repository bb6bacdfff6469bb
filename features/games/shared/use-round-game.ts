'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FairGame } from '@/lib/contracts/games';
import { useClientSession } from '@/lib/stores/use-client-session';
import { amountProblem, amountValue, clampAmount } from './amount';
import { BetError, useBetRequest, type WithoutKey } from './bet-request';
import { useGameLimits, type GameLimits } from '../api/get-game-limits';
import { gameKeys } from '../api/query-keys';

/** The games played in rounds: a start, moves, a cash-out; the open round lives on the server. */
export type RoundGame = Extract<FairGame, 'hilo' | 'miner'>;

interface RoundBet {
  id: number;
  status: string;
  game: FairGame;
}

/** What the shared controls read of a round game ({@link RoundGameState}). */
export interface RoundControlsState {
  isLoggedIn: boolean;
  limits: GameLimits;
  /** The bet amount as typed, else the game's minimum. */
  amountText: string;
  setAmount: (amount: string) => void;
  /** Whether a round is open. */
  open: unknown;
  busy: boolean;
  /** The last bet failed for lack of money: offer the deposit dialog. */
  insufficientFunds: boolean;
  dismissInsufficientFunds: () => void;
}

export interface RoundGameState<B extends RoundBet, A extends { action: string }> extends RoundControlsState {
  /** The amount to start with, or null while the typed amount is out of range. */
  startAmount: () => number | null;
  /** The round shown: the last reply, else the open round from the server. */
  round: B | null;
  open: B | null;
  /** Sends a start or a move; a move the server refused (the round ended elsewhere) reloads its view. */
  act: (body: A) => Promise<void>;
}

/**
 * What hilo and miner share: the open round (`GET /{game}/active`, resumed after a reload), the bet
 * amount, one request at a time, and the round shown after each reply.
 */
export function useRoundGame<B extends RoundBet, A extends { action: string }>({
  game,
  getActive,
  send,
}: {
  game: RoundGame;
  getActive: () => Promise<B | null>;
  send: (body: A & { idempotency_key: string }) => Promise<{ bet: B; balance: number }>;
}): RoundGameState<B, A> {
  const queryClient = useQueryClient();
  const { isLoggedIn } = useClientSession();
  const limits = useGameLimits(game);
  const active = useQuery({
    queryKey: gameKeys.activeRound(game),
    queryFn: getActive,
    enabled: isLoggedIn,
    staleTime: Infinity,
  });
  const [amount, setAmount] = useState<string | null>(null);
  const [shown, setShown] = useState<B | null>(null);
  const request = useBetRequest(send);

  const round = shown ?? active.data ?? null;
  const open = round?.status === 'open' ? round : null;
  const amountText = amount ?? clampAmount('', limits.min, limits.max);

  const act = async (body: A) => {
    try {
      const reply = await request.submit(body as unknown as WithoutKey<A & { idempotency_key: string }>);
      setShown(reply.bet);
      queryClient.setQueryData(gameKeys.activeRound(game), reply.bet.status === 'open' ? reply.bet : null);
    } catch (error) {
      // A round that ended elsewhere (another tab): load the server's view again.
      if (error instanceof BetError && error.reason === 'rejected' && body.action !== 'start') {
        setShown(null);
        void queryClient.invalidateQueries({ queryKey: gameKeys.activeRound(game) });
      }
    }
  };

  const startAmount = () => {
    const value = amountValue(amountText);
    return value === null || amountProblem(amountText, limits.min, limits.max) ? null : value;
  };

  return {
    isLoggedIn,
    limits,
    amountText,
    setAmount,
    startAmount,
    round,
    open,
    busy: request.pending,
    insufficientFunds: request.insufficientFunds,
    dismissInsufficientFunds: request.dismissInsufficientFunds,
    act,
  };
}
