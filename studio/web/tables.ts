/**
 * The live table page (roulette, baccarat): the round's countdown, the players seated, the last results,
 * a chip selector and the betting layout, the bets of this round placed at once, the draw (a pocket strip
 * that runs to the pocket, or the baccarat cards dealt), my bets and my win. Polls the table every second.
 */
import { pocketColor, WHEEL_ORDER } from '@/lib/fair/games/roulette';
import { BACCARAT_BET_LIMITS } from '../games/baccarat';
import { ROULETTE_BET_LIMITS } from '../games/roulette';
import {
  balanceMoved,
  call,
  CallError,
  el,
  frame,
  money,
  reducedMotion,
  refusal,
  sleep,
  t,
  settings,
  type PageState,
} from './common';
import { cardSvg, type Suit } from './symbols';

interface Card {
  rank: number;
  suit: Suit;
}
interface Table {
  round: number;
  phase: 'betting' | 'drawing' | 'result';
  endsAt: number;
  now: number;
  players: number;
  lastResults: string[];
  serverSeedHash: string;
  revealed: { round: number; serverSeed: string } | null;
  result: {
    pocket?: number;
    player?: Card[];
    banker?: Card[];
    winner?: string;
    playerTotal?: number;
    bankerTotal?: number;
  } | null;
  mine: { bets: Bet[]; stakeMinor: string; status: string; winMinor: string | null } | null;
  balanceMinor: string | null;
}
interface Bet {
  type: string;
  numbers?: number[];
  value?: number;
  amountMinor: string;
}

const POLL_MS = 1_000;
/** The smallest table chip in game units (server/money.ts TABLE_CHIPS): the chips are it × the currency's scale. */
const FIRST_CHIP_UNITS = 10n;
const RANKS: Record<number, string> = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const cardFace = (card: Card) =>
  cardSvg(RANKS[card.rank] ?? String(card.rank), card.suit, `${RANKS[card.rank] ?? card.rank} ${card.suit}`);
/** The payouts shown on the baccarat spots (stake returned on top). */
const BACCARAT_PAYS: Record<string, string> = {
  player: '1:1',
  banker: '0.95:1',
  tie: '8:1',
  'player-pair': '11:1',
  'banker-pair': '11:1',
};
/** Roulette outside bets in layout order. */
const OUTSIDE = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;

/**
 * Where a roulette spot sits: `h` on the wide layout (0 at the left, three rows of numbers, 3 6 9 … on top),
 * `v` on the phone layout (0 on top, twelve rows of 1 2 3, dozens and outside bets down the left side).
 * Each is [row, column, row span, column span].
 */
type Place = [number, number, number, number];
function roulettePlace(key: string): { h: Place; v: Place } {
  if (key === 'n0') return { h: [1, 1, 3, 1], v: [1, 3, 1, 3] };
  if (key.startsWith('n')) {
    const n = Number(key.slice(1));
    const column = (n - 1) % 3;
    const line = Math.ceil(n / 3);
    return { h: [3 - column, line + 1, 1, 1], v: [line + 1, column + 3, 1, 1] };
  }
  if (key.startsWith('column')) {
    const c = Number(key.slice(6));
    return { h: [4 - c, 14, 1, 1], v: [14, c + 2, 1, 1] };
  }
  if (key.startsWith('dozen')) {
    const d = Number(key.slice(5)) - 1;
    return { h: [4, 2 + d * 4, 1, 4], v: [2 + d * 4, 2, 4, 1] };
  }
  const i = OUTSIDE.indexOf(key as (typeof OUTSIDE)[number]);
  return { h: [5, 2 + i * 2, 1, 2], v: [2 + i * 2, 1, 2, 1] };
}
const placeStyle = ({ h, v }: { h: Place; v: Place }) =>
  [
    `--hr:${h[0]}`,
    `--hc:${h[1]}`,
    `--hrs:${h[2]}`,
    `--hcs:${h[3]}`,
    `--vr:${v[0]}`,
    `--vc:${v[1]}`,
    `--vrs:${v[2]}`,
    `--vcs:${v[3]}`,
  ].join(';');

export function tablePage(state: PageState): void {
  const ui = frame(state);
  const roulette = settings.game === 'studio-roulette';
  const phase = el('p', { class: 'phase' });
  const countdown = el('output', { class: 'countdown' });
  const players = el('span', { class: 'players' });
  const history = el('ol', { class: 'history', 'aria-label': t('lastResults') });
  // The wheel's strip is a picture of the draw (the outcome below says it): hidden from assistive
  // technology, and moved by the page only (no scrolling of its own to reach by keyboard).
  const draw = el('div', roulette ? { class: 'strip', 'aria-hidden': 'true' } : { class: 'cards' });
  const pockets = roulette
    ? WHEEL_ORDER.map((pocket) => {
        const node = el('span', { class: `pocket ${pocketColor(pocket)}` }, String(pocket));
        draw.append(node);
        return node;
      })
    : [];
  const outcome = el('output', { class: 'outcome', 'aria-live': 'polite' });
  ui.stage.append(
    el('div', { class: 'table-head' }, phase, countdown, players),
    draw,
    outcome,
    el('div', { class: 'history-box' }, el('span', {}, t('lastResults')), history),
  );

  // The layout: each spot adds the selected chip to my pending bets.
  let chip = state.stakes[0];
  const pending = new Map<string, Bet>();
  const chips = el('div', { class: 'chips', role: 'radiogroup', 'aria-label': t('chip') });
  for (const amount of state.stakes) {
    const button = el(
      'button',
      { type: 'button', class: 'chip', role: 'radio', 'aria-checked': String(amount === chip) },
      money(amount, state.currency),
    );
    button.addEventListener('click', () => {
      chip = amount;
      chips
        .querySelectorAll('.chip')
        .forEach((node) => node.setAttribute('aria-checked', String(node === button)));
    });
    chips.append(button);
  }
  const layout = el('div', { class: roulette ? 'layout roulette' : 'layout baccarat' });
  const mySpots = el('ul', { class: 'my-bets', 'aria-label': t('myBets') });
  // Each spot's limits in the launch's currency: a chip below a spot's minimum is raised to it.
  const scale = BigInt(state.stakes[0]) / FIRST_CHIP_UNITS;
  const limitsOf = (type: string) =>
    (roulette
      ? ROULETTE_BET_LIMITS.perBet[type as keyof typeof ROULETTE_BET_LIMITS.perBet]
      : BACCARAT_BET_LIMITS.perBet[type as keyof typeof BACCARAT_BET_LIMITS.perBet]) ?? null;
  const spot = (
    key: string,
    label: string,
    bet: Omit<Bet, 'amountMinor'>,
    className = '',
    extra: Record<string, string> = {},
    note = '',
  ) => {
    const button = el(
      'button',
      { type: 'button', class: `spot ${className}`, ...extra },
      el('span', { class: 'spot-label' }, label),
      ...(note ? [el('small', { class: 'spot-note' }, note)] : []),
    );
    button.addEventListener('click', () => {
      const limits = limitsOf(bet.type);
      const current = BigInt(pending.get(key)?.amountMinor ?? '0');
      let amount = current + BigInt(chip);
      if (limits && amount < limits.minMinor * scale) {
        amount = limits.minMinor * scale;
        ui.say(t('minBet', { amount: money(amount, state.currency) }));
      }
      if (limits && amount > limits.maxMinor * scale) {
        amount = limits.maxMinor * scale;
        ui.say(t('maxBet', { amount: money(amount, state.currency) }));
      }
      pending.set(key, { ...bet, amountMinor: String(amount) });
      button.dataset.amount = money(amount, state.currency);
      showPending();
    });
    layout.append(button);
  };
  if (roulette) {
    const at = (key: string) => ({ style: placeStyle(roulettePlace(key)) });
    for (let n = 0; n <= 36; n += 1)
      spot(`n${n}`, String(n), { type: 'straight', numbers: [n] }, n === 0 ? 'green zero' : pocketColor(n), {
        ...at(`n${n}`),
        'data-number': String(n),
      });
    for (const value of [1, 2, 3])
      spot(`column${value}`, '2:1', { type: 'column', value }, 'outside column', {
        ...at(`column${value}`),
        // The visible "2:1" first, so a voice command naming it finds the button.
        'aria-label': `2:1 ${t('column', { n: value })}`,
      });
    for (const value of [1, 2, 3])
      spot(
        `dozen${value}`,
        t('dozen', { n: value }),
        { type: 'dozen', value },
        'outside dozen',
        at(`dozen${value}`),
      );
    for (const type of OUTSIDE) spot(type, t(type), { type }, `outside side ${type}`, at(type));
  } else {
    for (const type of ['player', 'tie', 'banker', 'playerPair', 'bankerPair'] as const) {
      const wire = type === 'playerPair' ? 'player-pair' : type === 'bankerPair' ? 'banker-pair' : type;
      spot(type, t(type), { type: wire }, `side ${wire}`, {}, BACCARAT_PAYS[wire]);
    }
  }
  const place = el('button', { type: 'button', class: 'spin' }, t('placeBets'));
  const clear = el('button', { type: 'button', class: 'small' }, t('clear'));
  const myWin = el('output', { class: 'last-win' });
  const seed = el('p', { class: 'seed' });
  ui.controls.append(
    chips,
    layout,
    el('div', { class: 'actions' }, clear, place),
    el('div', { class: 'win-box' }, el('span', {}, t('myBets')), mySpots, el('span', {}, t('myWin')), myWin),
    seed,
  );

  const label = (bet: Bet) =>
    bet.type === 'straight'
      ? String(bet.numbers![0])
      : bet.type === 'dozen' || bet.type === 'column'
        ? t(bet.type, { n: bet.value ?? 0 })
        : t(bet.type.replace(/-(\w)/, (_, c: string) => c.toUpperCase()));
  function showPending(placed: Bet[] | null = null) {
    const list = placed ?? [...pending.values()];
    mySpots.replaceChildren(
      ...list.map((bet) => el('li', {}, `${label(bet)} · ${money(bet.amountMinor, state.currency)}`)),
    );
  }
  clear.addEventListener('click', () => {
    pending.clear();
    layout.querySelectorAll('.spot').forEach((node) => delete (node as HTMLElement).dataset.amount);
    showPending();
  });
  place.addEventListener('click', async () => {
    if (pending.size === 0) return;
    place.disabled = true;
    try {
      const placed = await call<{ balanceMinor: string }>('/table/bet', { bets: [...pending.values()] });
      ui.setBalance(placed.balanceMinor);
      if (!state.demo) balanceMoved();
      ui.say(t('betsPlaced'));
      pending.clear(); // the spots keep their amounts until the next round
    } catch (error) {
      ui.say(refusal(error), 'error');
      if (error instanceof CallError && typeof error.body.balanceMinor === 'string')
        ui.setBalance(error.body.balanceMinor);
    } finally {
      place.disabled = false;
    }
  });

  /** The baccarat table's two hands, empty (between rounds, and before the deal). */
  function emptyHands() {
    const hand = (side: 'player' | 'banker') =>
      el('div', { class: `hand ${side}` }, el('span', {}, t(side)), el('div', { class: 'hand-cards' }));
    const hands = { player: hand('player'), banker: hand('banker') };
    draw.replaceChildren(hands.player, hands.banker);
    return hands;
  }
  if (!roulette) emptyHands();
  const numberSpots = new Map<number, HTMLElement>();
  layout.querySelectorAll<HTMLElement>('.spot[data-number]').forEach((node) => {
    numberSpots.set(Number(node.dataset.number), node);
  });

  let shownRound = -1;
  let drawnRound = -1;
  let settledRound = -1;
  let skew = 0;
  async function showDraw(table: Table) {
    if (!table.result || drawnRound === table.round) return;
    drawnRound = table.round;
    if (roulette) {
      const index = WHEEL_ORDER.indexOf(table.result.pocket as (typeof WHEEL_ORDER)[number]);
      pockets.forEach((node) => node.classList.remove('hit'));
      draw.classList.add('running');
      await sleep(1_200);
      draw.classList.remove('running');
      pockets[index].classList.add('hit');
      // Centre the pocket in the strip only (scrollIntoView would scroll the operator's page too).
      const target = pockets[index];
      draw.scrollTo({
        left: target.offsetLeft - draw.offsetLeft - (draw.clientWidth - target.offsetWidth) / 2,
        behavior: reducedMotion() ? 'auto' : 'smooth',
      });
      const pocket = table.result.pocket!;
      numberSpots.get(pocket)?.classList.add('hit');
      outcome.className = `outcome pocket ${pocketColor(pocket)}`;
      outcome.textContent = pocket === 0 ? '0' : `${pocket} · ${t(pocketColor(pocket))}`;
    } else {
      const hands = emptyHands();
      const order: ['player' | 'banker', Card][] = [];
      const { player = [], banker = [] } = table.result;
      for (let i = 0; i < 3; i += 1) {
        if (player[i]) order.push(['player', player[i]]);
        if (banker[i]) order.push(['banker', banker[i]]);
      }
      for (const [side, card] of order) {
        await sleep(500);
        const face = el('span', { class: 'card dealt' });
        face.innerHTML = cardFace(card);
        hands[side].querySelector('.hand-cards')!.append(face);
      }
      hands.player.append(el('b', {}, String(table.result.playerTotal)));
      hands.banker.append(el('b', {}, String(table.result.bankerTotal)));
      const winner = table.result.winner;
      if (winner === 'player' || winner === 'banker') hands[winner].classList.add('winner');
      outcome.className = `outcome result ${winner ?? ''}`;
      outcome.textContent = winner ? t('wins', { who: t(winner) }) : '';
    }
  }

  async function poll() {
    try {
      const table = await call<Table>('/table');
      skew = table.now - Date.now();
      phase.textContent =
        table.phase === 'betting' ? t('bettingOpen') : table.phase === 'drawing' ? t('drawing') : t('result');
      phase.dataset.phase = table.phase;
      players.textContent = `${t('round', { n: table.round })} · ${t('players', { n: table.players })}`;
      history.replaceChildren(
        ...table.lastResults.map((result) =>
          el(
            'li',
            { class: roulette ? `pocket ${pocketColor(Number(result))}` : `result ${result}` },
            roulette ? result : t(result),
          ),
        ),
      );
      place.disabled = table.phase !== 'betting' || table.mine !== null;
      if (table.mine) showPending(table.mine.bets);
      else if (shownRound !== table.round) showPending();
      myWin.textContent = table.mine?.winMinor ? money(table.mine.winMinor, state.currency) : '—';
      if (table.mine?.status === 'settled' && settledRound !== table.round) {
        settledRound = table.round;
        if (!state.demo) balanceMoved();
        if (table.mine.winMinor && table.mine.winMinor !== '0')
          ui.say(`${t('win')}: ${money(table.mine.winMinor, state.currency)}`, 'win');
      }
      if (table.balanceMinor) ui.setBalance(table.balanceMinor);
      seed.textContent = `${t('serverSeedHash')}: ${table.serverSeedHash}${table.revealed ? ` · ${t('previousSeed')} (${t('round', { n: table.revealed.round })}): ${table.revealed.serverSeed}` : ''}`;
      if (shownRound !== table.round && table.phase === 'betting') {
        shownRound = table.round;
        pockets.forEach((node) => node.classList.remove('hit'));
        outcome.textContent = '';
        outcome.className = 'outcome';
        if (!roulette) emptyHands();
        layout.querySelectorAll<HTMLElement>('.spot').forEach((node) => {
          node.classList.remove('hit');
          if (pending.size === 0) delete node.dataset.amount;
        });
        ui.say('');
      }
      const closed = table.phase !== 'betting' || table.mine !== null;
      layout.toggleAttribute('data-closed', closed);
      layout.querySelectorAll<HTMLButtonElement>('.spot').forEach((node) => (node.disabled = closed));
      clear.disabled = closed;
      endsAt = table.endsAt;
      void showDraw(table);
    } catch {
      ui.say(t('error'), 'error');
    }
  }
  let endsAt = 0;
  setInterval(() => {
    countdown.textContent = t('secondsLeft', {
      n: Math.max(0, Math.ceil((endsAt - Date.now() - skew) / 1000)),
    });
  }, 250);
  void poll();
  setInterval(() => void poll(), POLL_MS);
}
