import type { MarketKey, OutcomeCode, Sport } from '@/lib/constants/sports';
import type messages from '@/messages/en.json';

/**
 * What the player reads for a sport, a market and an outcome (issue 18), from next-intl's `t` of the
 * `sports` namespace: pure functions, so the event lists, the event page, the bet slip and the player's
 * bets name things the same way on the server and in the browser. Team names stay as the feed gives them.
 */

type Messages = (typeof messages)['sports'];
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every key of the `sports` namespace (`market.total`, `outcome.over`, …). */
export type SportsMessageKey = Leaves<Messages>;

/** next-intl's translator of the `sports` namespace (`useTranslations('sports')`, `getTranslations('sports')`). */
export type SportsT = (key: SportsMessageKey, values?: Record<string, string | number>) => string;

/** What a market is: its key, its period (the `period_*` markets) and its line (totals, handicaps). */
export interface MarketLike {
  key: MarketKey;
  period: number | null;
  line: number | null;
}

/** The two sides of an event, as the feed names them. */
export interface EventSides {
  home: string;
  away: string;
}

export const sportName = (t: SportsT, sport: Sport): string => t(`sport.${sport}`);

/** The sport's period with its number: `1st half`, `Set 2`, `Map 1` (the `period_*` markets). */
export const periodName = (t: SportsT, sport: Sport, period: number): string =>
  t(`period.${sport}`, { n: period });

/**
 * The live clock in the page's language. The feed writes it in English (`Set 2`, `Map 1`, `Q3 05:12`,
 * `P2 12:40`, `OT 03:10`, `SO`); a shape not listed here (a football minute, `67'`) is shown as given.
 */
export function clockLabel(t: SportsT, clock: string): string {
  let match = /^(Set|Map) (\d+)$/.exec(clock);
  if (match) return t(match[1] === 'Set' ? 'clock.set' : 'clock.map', { n: Number(match[2]) });
  match = /^([QP])(\d) (\d+:\d\d)$/.exec(clock);
  if (match)
    return t(match[1] === 'Q' ? 'clock.quarter' : 'clock.period', { n: Number(match[2]), time: match[3]! });
  match = /^OT\d* ?(\d+:\d\d)$/.exec(clock);
  if (match) return t('clock.overtime', { time: match[1]! });
  if (clock === 'SO') return t('clock.shootout');
  return clock;
}

/** A market's title: `Match result`, `Total`, `1st period total`, `Set 1 winner`, `Map 2 winner`. */
export function marketTitle(t: SportsT, market: MarketLike, sport: Sport): string {
  switch (market.key) {
    case 'period_1x2':
    case 'period_winner':
    case 'period_total':
      return t(`market.${market.key}`, { period: periodName(t, sport, market.period ?? 1) });
    case '1x2':
    case 'winner':
      // Hockey's 3-way result is regulation time; its winner counts overtime and the shoot-out.
      return sport === 'ice-hockey' ? t(`hockeyMarket.${market.key}`) : t(`market.${market.key}`);
    default:
      return t(`market.${market.key}`);
  }
}

/** A line as bookmakers write it, with a dot: `2.5`, `10`, `0.25`. */
export function formatLine(line: number): string {
  return String(Math.round(line * 1000) / 1000);
}

/** A handicap with its sign: `+1.5`, `−1.5` (a true minus), `0`. */
export function formatSignedLine(line: number): string {
  const text = formatLine(Math.abs(line));
  if (line > 0) return `+${text}`;
  if (line < 0) return `−${text}`;
  return text;
}

/**
 * An outcome's name: `1` and `2` are the teams, `X` a draw, `1X` "home or draw", totals `Over 2.5`,
 * handicaps `Home (−1.5)` (the line is the home side's, so the away side has its opposite), `Yes`, `No`.
 */
export function outcomeLabel(t: SportsT, market: MarketLike, code: OutcomeCode, event: EventSides): string {
  const line = market.line ?? 0;
  switch (code) {
    case '1':
    case '2': {
      const team = code === '1' ? event.home : event.away;
      if (market.key !== 'handicap') return team;
      return t('outcome.handicap', { team, line: formatSignedLine(code === '1' ? line : -line) });
    }
    case 'X':
      return t('outcome.draw');
    case '1X':
      return t('outcome.homeOrDraw', { home: event.home });
    case '12':
      return t('outcome.homeOrAway', { home: event.home, away: event.away });
    case 'X2':
      return t('outcome.drawOrAway', { away: event.away });
    case 'over':
      return t('outcome.over', { line: formatLine(line) });
    case 'under':
      return t('outcome.under', { line: formatLine(line) });
    case 'yes':
      return t('outcome.yes');
    case 'no':
      return t('outcome.no');
  }
}

/** Decimal odds with two decimals, three when the third is not zero: `2.10`, `1.855`, `12.00`. */
export function formatOdds(odds: number): string {
  const milli = Math.round(odds * 1000);
  const decimals = String(milli % 1000).padStart(3, '0');
  return `${Math.floor(milli / 1000)}.${decimals.endsWith('0') ? decimals.slice(0, 2) : decimals}`;
}
