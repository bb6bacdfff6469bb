'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { BetOf } from '../api/game-client';
import { placeInstantBet, type InstantBetBody, type InstantGame } from '../api/place-instant-bet';
import type { Bet } from '@/lib/contracts/games';
import { useBetRequest, type WithoutKey } from './bet-request';
import { useAutoBet } from './components/auto-bet';
import { afterAnimation } from './motion';

type BodyOf<G extends InstantGame> = Omit<InstantBetBody<G>, 'idempotency_key'>;

/**
 * One instant game's bet cycle: place the bet (guest → sign-up, never twice at once, idempotency key),
 * play the result animation for `revealMs` (none with reduced motion), then reveal the result. Manual
 * bets and auto-bet share it; auto-bet always bets the body as it is set up now.
 *
 * `body` is null while the bet as set up cannot be placed (amount outside the limits, no picks).
 */
export function useInstantGame<G extends InstantGame>(
  game: G,
  { body, revealMs }: { body: BodyOf<G> | null; revealMs: number },
) {
  const send = useCallback((full: InstantBetBody<G>) => placeInstantBet(game, full), [game]);
  const request = useBetRequest(send);
  const [current, setCurrent] = useState<BetOf<G> | null>(null);
  const [revealed, setRevealed] = useState<BetOf<G> | null>(null);
  const [animating, setAnimating] = useState(false);
  const bodyRef = useRef(body);
  useEffect(() => {
    bodyRef.current = body;
  }, [body]);
  const busyRef = useRef(false);

  const play = useCallback(async (): Promise<{ amount: number; payout: number }> => {
    const next = bodyRef.current;
    if (!next || busyRef.current) throw new Error('The bet cannot be placed now');
    busyRef.current = true;
    try {
      const reply = await request.submit(next as WithoutKey<InstantBetBody<G>>);
      setRevealed(null);
      setCurrent(reply.bet);
      setAnimating(true);
      await afterAnimation(revealMs);
      setAnimating(false);
      setRevealed(reply.bet);
      const settled: Bet = reply.bet;
      return { amount: settled.amount, payout: settled.payout };
    } finally {
      busyRef.current = false;
    }
  }, [request, revealMs]);

  const auto = useAutoBet({ placeBet: play });
  const busy = request.pending || animating;

  return {
    /** Places one bet; rejects when it was not placed (the failure is already shown). */
    play,
    /** A bet is in flight or its animation runs. */
    busy,
    /** The bet being animated, then shown. */
    current,
    /** The bet whose animation has finished (announce its result). */
    revealed,
    animating,
    auto,
    insufficientFunds: request.insufficientFunds,
    dismissInsufficientFunds: request.dismissInsufficientFunds,
  };
}
