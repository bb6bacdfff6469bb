/**
 * The slot page: reels that spin and stop one by one, the winning symbols highlighted, the feature's
 * counter (free spins, hold-and-win respins, free rounds on offer), a bet selector in the launch's
 * currency, the spin button (Space or Enter anywhere on the page), and the provably fair panel.
 */
import {
  call,
  el,
  fairPanel,
  frame,
  money,
  refusal,
  sleep,
  t,
  settings,
  type FairView,
  type PageState,
  reducedMotion,
  balanceMoved,
} from './common';
import { GAME_SYMBOLS, symbolSvg } from './symbols';

const REELS: Record<string, number> = { 'fruit-sevens': 3 };
const ROWS = 3;
const STOP_GAP_MS = 260;
/** How often a spinning reel shows new symbols. */
const BLUR_FRAME_MS = 90;
/** The least time the reels spin before the first one stops. */
const MIN_SPIN_MS = 450;

interface Coin {
  value: number;
  jackpot?: string;
}
interface Outcome {
  grid: string[][] | null;
  lineWins?: { positions: [number, number][] }[];
  wins?: { positions: [number, number][] }[];
  win?: unknown;
  scatters?: { positions: [number, number][] };
  coins?: (Coin | null)[];
  landed?: number[];
}
interface Spin {
  outcome: Outcome;
  stakeMinor: string;
  winMinor: string;
  balanceMinor: string;
  feature: { kind: string; left: number; stakeMinor: string; winMinor: string } | null;
  fair: { next: FairView };
}

/** The [reel, row] cells a spin's outcome wins with. */
function winningCells(outcome: Outcome): [number, number][] {
  if (settings.game === 'fruit-sevens') {
    const win = outcome.win as { kind: string } | null | undefined;
    if (!win || !outcome.grid) return [];
    const line = outcome.grid.map((reel) => reel[1]);
    return line.flatMap((symbol, reel): [number, number][] =>
      win.kind !== 'cherries' || symbol === 'cherry' ? [[reel, 1]] : [],
    );
  }
  return [
    ...(outcome.lineWins ?? []).flatMap((win) => win.positions),
    ...(outcome.wins ?? []).flatMap((win) => win.positions),
    ...((outcome.scatters?.positions.length ?? 0) >= 3 ? outcome.scatters!.positions : []),
  ];
}

export function slotPage(state: PageState): void {
  const ui = frame(state);
  const reels = REELS[settings.game] ?? 5;
  const symbols = Object.keys(GAME_SYMBOLS[settings.game] ?? {}).filter((name) => name !== 'blank');
  const draw = (cell: HTMLElement, symbol: string) => {
    cell.innerHTML = symbolSvg(settings.game, symbol);
    cell.className = `cell sym-${symbol}`;
  };
  const cells: HTMLElement[][] = [];
  const board = el('div', { class: `reels reels-${reels}`, role: 'img', 'aria-label': settings.name });
  for (let reel = 0; reel < reels; reel += 1) {
    const column = el('div', { class: 'reel' });
    cells.push([]);
    for (let row = 0; row < ROWS; row += 1) {
      const cell = el('div', { class: 'cell' });
      draw(cell, symbols[(reel * 3 + row * 5) % symbols.length]);
      cells[reel].push(cell);
      column.append(cell);
    }
    board.append(column);
  }
  if (settings.game === 'fruit-sevens') board.append(el('div', { class: 'payline' }));
  const counter = el('div', { class: 'counter', 'aria-live': 'polite' });
  ui.stage.append(board, counter);

  const stake = el('select', { 'aria-label': t('bet') });
  for (const amount of state.stakes)
    stake.append(el('option', { value: amount }, money(amount, state.currency)));
  stake.selectedIndex = Math.min(2, state.stakes.length - 1);
  const spinButton = el('button', { type: 'button', class: 'spin' }, t('spin'));
  const freeButton = el('button', { type: 'button', class: 'free' });
  const lastWin = el('output', { class: 'last-win' }, money('0', state.currency));
  const fair = fairPanel(state.fair);
  ui.controls.append(
    el('label', { class: 'bet' }, el('span', {}, t('bet')), stake),
    spinButton,
    freeButton,
    el('div', { class: 'win-box' }, el('span', {}, t('lastWin')), lastWin),
    fair.panel,
  );

  let feature = state.feature;
  let freeRounds = state.freeRounds;
  const showCounter = () => {
    if (feature && feature.kind !== 'ended') {
      counter.textContent =
        feature.kind === 'hold-and-win'
          ? `${t('holdAndWin')} · ${t('respinsLeft', { n: feature.left })}`
          : `${t('freeSpins')} · ${t('freeSpinsLeft', { n: feature.left })}`;
      counter.dataset.active = 'true';
    } else {
      counter.textContent = '';
      delete counter.dataset.active;
    }
    freeButton.hidden = !freeRounds || Boolean(feature && feature.kind !== 'ended');
    if (freeRounds)
      freeButton.textContent = `${t('freeRoundsOffer', { n: freeRounds.left })} · ${t('playFreeRound')}`;
    stake.disabled = Boolean(feature && feature.kind !== 'ended');
  };
  showCounter();

  /** Golden Coins: each coin shows its value; during the feature every other cell is empty. */
  const showCoins = (outcome: Outcome) => {
    const { coins, landed = [] } = outcome;
    if (!coins) return;
    const bet = BigInt(feature?.stakeMinor ?? stake.value);
    coins.forEach((coin, index) => {
      const cell = cells[Math.floor(index / ROWS)]?.[index % ROWS];
      if (!cell) return;
      if (coin) {
        draw(cell, 'coin');
        cell.classList.add('coin');
        cell.classList.toggle('landed', landed.includes(index));
        cell.append(
          el(
            'span',
            { class: `coin-value${coin.jackpot ? ' jackpot' : ''}` },
            coin.jackpot ? coin.jackpot.toUpperCase() : money(bet * BigInt(coin.value), state.currency),
          ),
        );
      } else if (!outcome.grid) {
        cell.replaceChildren();
        cell.className = 'cell empty';
      }
    });
  };

  let busy = false;
  async function play(body: Record<string, unknown>) {
    if (busy) return;
    busy = true;
    spinButton.disabled = true;
    freeButton.disabled = true;
    ui.say('');
    for (const column of cells) for (const cell of column) cell.classList.remove('win', 'landed');
    const spinning = [...board.querySelectorAll<HTMLElement>('.reel')];
    const stopped = new Set<number>();
    const before = cells.map((column) => column.map((cell) => [cell.innerHTML, cell.className]));
    // A hold-and-win respin keeps its coins: only the empty cells spin.
    const respin = feature?.kind === 'hold-and-win';
    board.classList.toggle('respin', respin);
    if (!respin) spinning.forEach((reel) => reel.classList.add('spinning'));
    const started = Date.now();
    // While the reels spin, their symbols run past (not with reduced motion: the reels only dim).
    const blur =
      reducedMotion() || respin
        ? 0
        : window.setInterval(() => {
            cells.forEach((column, reel) => {
              if (stopped.has(reel)) return;
              for (const cell of column) draw(cell, symbols[Math.floor(Math.random() * symbols.length)]);
            });
          }, BLUR_FRAME_MS);
    try {
      const result = await call<Spin>('/spin', body);
      const { outcome } = result;
      await sleep(Math.max(0, MIN_SPIN_MS - (Date.now() - started)));
      for (let reel = 0; reel < reels; reel += 1) {
        await sleep(STOP_GAP_MS);
        stopped.add(reel);
        spinning[reel].classList.remove('spinning');
        spinning[reel].classList.add('stopping');
        if (outcome.grid) outcome.grid[reel].forEach((symbol, row) => draw(cells[reel][row], symbol));
      }
      window.clearInterval(blur);
      showCoins(outcome);
      for (const [reel, row] of winningCells(outcome)) cells[reel]?.[row]?.classList.add('win');
      feature = result.feature;
      if (body.free && freeRounds)
        freeRounds = freeRounds.left > 1 ? { ...freeRounds, left: freeRounds.left - 1 } : null;
      showCounter();
      ui.setBalance(result.balanceMinor);
      lastWin.textContent = money(result.winMinor, state.currency);
      if (result.winMinor !== '0') ui.say(`${t('win')}: ${money(result.winMinor, state.currency)}`, 'win');
      if (feature?.kind === 'ended')
        ui.say(`${t('featureWin')}: ${money(feature.winMinor, state.currency)}`, 'win');
      fair.show(result.fair.next);
      if (!state.demo) balanceMoved();
    } catch (error) {
      window.clearInterval(blur);
      spinning.forEach((reel) => reel.classList.remove('spinning'));
      cells.forEach((column, reel) =>
        column.forEach((cell, row) => {
          [cell.innerHTML, cell.className] = before[reel][row];
        }),
      );
      ui.say(refusal(error), 'error');
      const balance = (error as { body?: { balanceMinor?: string | null } }).body?.balanceMinor;
      if (balance) ui.setBalance(balance);
    } finally {
      board.classList.remove('respin');
      window.setTimeout(() => spinning.forEach((reel) => reel.classList.remove('stopping')), 400);
      busy = false;
      spinButton.disabled = false;
      freeButton.disabled = false;
    }
  }

  spinButton.addEventListener('click', () => void play({ amountMinor: stake.value }));
  freeButton.addEventListener('click', () => void play({ free: true }));
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (['INPUT', 'SELECT', 'BUTTON', 'SUMMARY', 'A'].includes(target.tagName)) return;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (event.repeat) return;
      void play({ amountMinor: stake.value });
    }
  });
}
