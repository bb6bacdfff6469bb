'use client';

import { useState } from 'react';
import type { FairGame } from '@/lib/contracts/games';
import { toMinorUnits } from '@/lib/money';
import { amountProblem, amountValue, formatAmountInput } from './amount';
import { useGameLimits } from '../api/get-game-limits';

/**
 * The bet amount of a game as the input holds it, starting at the game's minimum (until the player types
 * one), with the limits, whether it can be bet, and its value for the API.
 */
export function useBetAmount(game: FairGame) {
  const limits = useGameLimits(game);
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? formatAmountInput(toMinorUnits(limits.min));
  const problem = amountProblem(text, limits.min, limits.max);
  return {
    text,
    setText: setTyped,
    limits,
    /** The amount in major units when it is within the limits, else null. */
    value: problem === null ? amountValue(text) : null,
    /** What `<BetAmountInput>` needs of it: `<BetAmountInput {...amount.inputProps} disabled={…} />`. */
    inputProps: {
      value: text,
      onChange: setTyped,
      min: limits.min,
      max: limits.max,
      currency: limits.currency,
    },
  };
}
