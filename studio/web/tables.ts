/**
 * The live table page (roulette, baccarat): the round's countdown, the players seated, the last results,
 * a chip selector and the betting layout, the bets of this round placed at once, the draw (a pocket strip
 * that runs to the pocket, or the baccarat cards dealt), my bets and my win. Polls the table every second.
 */
import { pocketColor, WHEEL_ORDER } from '@/lib/fair/games/roulette';
import { call, CallError, el, frame, money, refusal, sleep, t, settings, type PageState } from './common';

interface Card {
  rank: number;
  suit: 'diamonds' | 'hearts' | 'spades' | 'clubs';
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
const SUITS = { diamonds: '♦', hearts: '♥', spades: '♠', clubs: '♣' };
const RANKS: Record<number, string> = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const cardText = (card: Card) => `${RANKS[card.rank] ?? card.rank}${SUITS[card.suit]}`;

export function tablePage(state: PageState): void {
  const ui = frame(state);
  const roulette = settings.game === 'studio-roulette';
  const phase = el('p', { class: 'phase' });
  const countdown = el('output', { class: 'countdown' });
  const players = el('span', { class: 'players' });
  const history = el('ol', { class: 'history', 'aria-label': t('lastResults') });
  const draw = el('div', { class: roulette ? 'strip' : 'cards' });
  const pockets = roulette
    ? WHEEL_ORDER.map((pocket) => {
        const node = el('span', { class: `pocket ${pocketColor(pocket)}` }, String(pocket));
        draw.append(node);
        return node;
      })
    : [];
  ui.stage.append(
    el('div', { class: 'table-head' }, phase, countdown, players),
    draw,
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
  const spot = (key: string, label: string, bet: Omit<Bet, 'amountMinor'>, className = '') => {
    const button = el('button', { type: 'button', class: `spot ${className}` }, label);
    button.addEventListener('click', () => {
      const current = pending.get(key);
      pending.set(key, { ...bet, amountMinor: String(BigInt(current?.amountMinor ?? '0') + BigInt(chip)) });
      button.dataset.amount = money(pending.get(key)!.amountMinor, state.currency);
      showPending();
    });
    layout.append(button);
  };
  if (roulette) {
    spot('n0', '0', { type: 'straight', numbers: [0] }, 'green zero');
    for (let n = 1; n <= 36; n += 1)
      spot(`n${n}`, String(n), { type: 'straight', numbers: [n] }, pocketColor(n));
    for (const [key, type] of [
      ['low', 'low'],
      ['even', 'even'],
      ['red', 'red'],
      ['black', 'black'],
      ['odd', 'odd'],
      ['high', 'high'],
    ] as const) {
      spot(key, t(key), { type }, `outside ${key}`);
    }
    for (const value of [1, 2, 3])
      spot(`dozen${value}`, t('dozen', { n: value }), { type: 'dozen', value }, 'outside');
  } else {
    for (const type of ['player', 'tie', 'banker', 'playerPair', 'bankerPair'] as const) {
      const wire = type === 'playerPair' ? 'player-pair' : type === 'bankerPair' ? 'banker-pair' : type;
      spot(type, t(type), { type: wire }, `side ${wire}`);
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
      : bet.type === 'dozen'
        ? t('dozen', { n: bet.value ?? 0 })
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
      ui.say(t('betsPlaced'));
      pending.clear();
      layout.querySelectorAll('.spot').forEach((node) => delete (node as HTMLElement).dataset.amount);
    } catch (error) {
      ui.say(refusal(error), 'error');
      if (error instanceof CallError && typeof error.body.balanceMinor === 'string')
        ui.setBalance(error.body.balanceMinor);
    } finally {
      place.disabled = false;
    }
  });

  let shownRound = -1;
  let drawnRound = -1;
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
      pockets[index].scrollIntoView({ behavior: 'smooth', inline: 'center', block: 'nearest' });
    } else {
      draw.replaceChildren();
      const hands = {
        player: el('div', { class: 'hand player' }, el('span', {}, t('player'))),
        banker: el('div', { class: 'hand banker' }, el('span', {}, t('banker'))),
      };
      draw.append(hands.player, hands.banker);
      const order: ['player' | 'banker', Card][] = [];
      const { player = [], banker = [] } = table.result;
      for (let i = 0; i < 3; i += 1) {
        if (player[i]) order.push(['player', player[i]]);
        if (banker[i]) order.push(['banker', banker[i]]);
      }
      for (const [side, card] of order) {
        await sleep(500);
        const red = card.suit === 'hearts' || card.suit === 'diamonds';
        hands[side].append(el('span', { class: `card dealt ${red ? 'red' : ''}` }, cardText(card)));
      }
      hands.player.append(el('b', {}, String(table.result.playerTotal)));
      hands.banker.append(el('b', {}, String(table.result.bankerTotal)));
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
      if (table.phase === 'result' && table.result && !roulette && table.result.winner)
        ui.say(t('wins', { who: t(table.result.winner) }));
      if (table.balanceMinor) ui.setBalance(table.balanceMinor);
      seed.textContent = `${t('serverSeedHash')}: ${table.serverSeedHash}${table.revealed ? ` · ${t('previousSeed')} (${t('round', { n: table.revealed.round })}): ${table.revealed.serverSeed}` : ''}`;
      if (shownRound !== table.round && table.phase === 'betting') {
        shownRound = table.round;
        pockets.forEach((node) => node.classList.remove('hit'));
      }
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
