'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { MINER_MAX_MINES, MINER_MIN_MINES, MINER_TILES, minerMultiplier } from '@/lib/fair/games/miner';
import { payoutMinor } from '@/lib/fair/multiplier';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { useFormat } from '@/lib/i18n/use-format';
import { GameLayout } from '../shared/components/game-layout';
import { RecentBets } from '../shared/components/recent-bets';
import { RoundControls } from '../shared/components/round-controls';
import { useRoundGame } from '../shared/use-round-game';
import {
  getActiveMinerRound,
  sendMinerAction,
  type MinerAction,
  type MinerBet,
} from '../api/send-miner-action';

const DEFAULT_MINES = 3;
const COLUMNS = 5;
const TILES = Array.from({ length: MINER_TILES }, (_, tile) => tile);

/** Multiplier now and after one more safe tile (lib/fair), for `safe` safe tiles of `mines`. */
export function minerMultipliers(mines: number, safe: number): { current: number; next: number | null } {
  return {
    current: minerMultiplier(mines, safe),
    next: safe + 1 <= MINER_TILES - mines ? minerMultiplier(mines, safe + 1) : null,
  };
}

type TileState = 'hidden' | 'safe' | 'mine' | 'hit' | 'mine-unrevealed';

function tileState(round: MinerBet | null, tile: number): TileState {
  if (!round) return 'hidden';
  const { revealed, mines } = round.outcome;
  const isMine = mines?.includes(tile) ?? false;
  if (revealed.includes(tile)) return isMine ? 'hit' : 'safe';
  return isMine ? 'mine-unrevealed' : 'hidden';
}

/**
 * Miner: a 5×5 field with 1–24 mines. The player starts a round (bet and mines), opens tiles one by one
 * (click, or arrows and Enter) and cashes out after at least one safe tile; a mine ends the round. When
 * it ends every mine is shown. The open round lives on the server, so a reload resumes it.
 */
export function MinerGame() {
  const t = useTranslations('games.miner');
  const format = useFormat();
  const state = useRoundGame<MinerBet, MinerAction>({
    game: 'miner',
    getActive: getActiveMinerRound,
    send: sendMinerAction,
  });
  const { round, open, busy, act } = state;
  const [mines, setMines] = useState(DEFAULT_MINES);
  const [focused, setFocused] = useState(12);
  const [lastTile, setLastTile] = useState<number | null>(null);
  const tileRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const minesId = useId();

  const roundMines = open ? open.outcome.mines_count : mines;
  const safe = open ? open.outcome.revealed.length : 0;
  const { current, next } = minerMultipliers(roundMines, safe);

  const start = () => {
    const value = state.startAmount();
    if (value === null) return;
    setLastTile(null);
    void act({ action: 'start', amount: value, mines });
  };

  const reveal = (tile: number) => {
    if (!open || busy || open.outcome.revealed.includes(tile)) return;
    setLastTile(tile);
    void act({ action: 'reveal', id: open.id, tile, step: open.outcome.revealed.length });
  };

  const cashOut = () => {
    if (!open || busy || open.outcome.revealed.length === 0) return;
    void act({ action: 'cashout', id: open.id, step: open.outcome.revealed.length });
  };

  const onGridKey = (event: KeyboardEvent<HTMLButtonElement>, tile: number) => {
    const row = Math.floor(tile / COLUMNS);
    const col = tile % COLUMNS;
    const moves: Record<string, number> = {
      ArrowRight: row * COLUMNS + ((col + 1) % COLUMNS),
      ArrowLeft: row * COLUMNS + ((col + COLUMNS - 1) % COLUMNS),
      ArrowDown: ((row + 1) % COLUMNS) * COLUMNS + col,
      ArrowUp: ((row + COLUMNS - 1) % COLUMNS) * COLUMNS + col,
      Home: row * COLUMNS,
      End: row * COLUMNS + COLUMNS - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const target = moves[event.key];
    setFocused(target);
    tileRefs.current[target]?.focus();
  };

  const payoutNow = open ? fromMinorUnits(Number(payoutMinor(toMinorUnits(open.amount), current))) : 0;
  const ended = round && round.status !== 'open' ? round : null;

  const controls = (
    <RoundControls
      game="miner"
      state={state}
      onStart={start}
      onCashOut={cashOut}
      cashOutDisabled={safe === 0}
      cashOutLabel={
        !open || safe === 0
          ? t('cashOutNeedsTile')
          : t('cashOut', { payout: format.money(payoutNow, open.currency) })
      }
    >
      <div>
        <label htmlFor={minesId} className="mb-1 block text-sm font-medium">
          {t('mines')}
        </label>
        <select
          id={minesId}
          value={roundMines}
          onChange={(event) => setMines(Number(event.target.value))}
          disabled={Boolean(open) || busy}
          className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3 tabular-nums"
          data-testid="miner-mines"
        >
          {Array.from({ length: MINER_MAX_MINES - MINER_MIN_MINES + 1 }, (_, i) => i + MINER_MIN_MINES).map(
            (count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ),
          )}
        </select>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-muted">{t('current')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="miner-multiplier">
            {format.multiplier(current)}
          </dd>
        </div>
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-muted">{t('next')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="miner-next">
            {next === null ? '—' : format.multiplier(next)}
          </dd>
        </div>
      </dl>
    </RoundControls>
  );

  return (
    <GameLayout game="miner" title={t('title')} controls={controls} footer={<RecentBets game="miner" />}>
      <div className="mx-auto max-w-md">
        <div
          role="group"
          aria-label={t('field', { mines: roundMines })}
          aria-busy={busy || undefined}
          className="grid grid-cols-5 gap-1.5 sm:gap-2 [perspective:800px]"
          data-testid="miner-grid"
        >
          {TILES.map((tile) => {
            const state = tileState(round, tile);
            const faceUp = state !== 'hidden';
            const label =
              state === 'hidden'
                ? t('tileHidden', { n: tile + 1 })
                : state === 'safe'
                  ? t('tileSafe', { n: tile + 1 })
                  : state === 'hit'
                    ? t('tileHit', { n: tile + 1 })
                    : t('tileMine', { n: tile + 1 });
            return (
              <button
                key={tile}
                ref={(node) => {
                  tileRefs.current[tile] = node;
                }}
                type="button"
                tabIndex={focused === tile ? 0 : -1}
                onFocus={() => setFocused(tile)}
                onKeyDown={(event) => onGridKey(event, tile)}
                onClick={() => reveal(tile)}
                aria-label={label}
                aria-disabled={!open || busy || state !== 'hidden' ? true : undefined}
                data-state={state}
                data-testid="miner-tile"
                className="aspect-square min-h-11 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <span
                  className={`relative block h-full w-full rounded-xl transition-transform duration-300 ease-out [transform-style:preserve-3d] motion-reduce:transition-none ${
                    faceUp ? '[transform:rotateY(180deg)]' : ''
                  } ${busy && lastTile === tile ? 'animate-pulse' : ''}`}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute inset-0 rounded-xl border border-line [backface-visibility:hidden] ${
                      open && !busy ? 'bg-panel-2 hover:border-gold' : 'bg-panel-2/70'
                    }`}
                  />
                  <span
                    aria-hidden="true"
                    className={`absolute inset-0 flex items-center justify-center rounded-xl text-xl [backface-visibility:hidden] [transform:rotateY(180deg)] sm:text-2xl ${
                      state === 'safe'
                        ? 'bg-ok/20 text-ok'
                        : state === 'hit'
                          ? 'bg-danger text-white'
                          : 'bg-danger/20 opacity-70'
                    }`}
                  >
                    {state === 'safe' ? '◆' : faceUp ? '✹' : ''}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
        <div aria-live="polite" className="mt-4 min-h-12 text-center" data-testid="miner-status">
          {open ? (
            <p className="text-sm text-muted">
              {safe === 0
                ? t('pickTile')
                : t('safeSoFar', { count: safe, payout: format.money(payoutNow, open.currency) })}
            </p>
          ) : ended ? (
            ended.payout > 0 ? (
              <p className="text-lg font-bold text-ok" data-testid="miner-result">
                {t('cashedOut', {
                  multiplier: format.multiplier(ended.multiplier),
                  payout: format.money(ended.payout, ended.currency),
                })}
              </p>
            ) : (
              <p className="text-lg font-bold text-danger" data-testid="miner-result">
                {t('boom', { amount: format.money(ended.amount, ended.currency) })}
              </p>
            )
          ) : (
            <p className="text-sm text-muted">
              {t('intro', { first: format.multiplier(minerMultiplier(mines, 1)) })}
            </p>
          )}
        </div>
      </div>
    </GameLayout>
  );
}
