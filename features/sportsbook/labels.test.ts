import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { MARKET_KEYS, OUTCOME_CODES, SPORTS } from '@/lib/constants/sports';
import en from '@/messages/en.json';
import kz from '@/messages/kz.json';
import ru from '@/messages/ru.json';
import {
  clockLabel,
  formatLine,
  formatOdds,
  formatSignedLine,
  marketTitle,
  outcomeLabel,
  sportName,
  type SportsT,
} from './labels';

const translator = (messages: typeof en): SportsT =>
  createTranslator({ locale: 'en', messages, namespace: 'sports' });
const t = translator(en);
const tRu = translator(ru);

const event = { home: 'Arsenal', away: 'Chelsea' };
const market = (
  key: (typeof MARKET_KEYS)[number],
  line: number | null = null,
  period: number | null = null,
) => ({
  key,
  line,
  period,
});

describe('sport and market names', () => {
  it('names every sport in every language', () => {
    expect(sportName(t, 'ice-hockey')).toBe('Ice hockey');
    expect(sportName(tRu, 'esports')).toBe('Киберспорт');
  });

  it('names the markets, periods by the sport’s own word', () => {
    expect(marketTitle(t, market('1x2'), 'football')).toBe('Match result');
    expect(marketTitle(t, market('winner'), 'tennis')).toBe('Match winner');
    expect(marketTitle(t, market('total', 2.5), 'football')).toBe('Total');
    expect(marketTitle(t, market('handicap', -1.5), 'basketball')).toBe('Handicap');
    expect(marketTitle(t, market('btts'), 'football')).toBe('Both teams to score');
    expect(marketTitle(t, market('double_chance'), 'football')).toBe('Double chance');
    expect(marketTitle(t, market('period_total', 1.5, 1), 'ice-hockey')).toBe('1st period total');
    expect(marketTitle(t, market('period_1x2', null, 2), 'football')).toBe('2nd half result');
    expect(marketTitle(t, market('period_total', 55.5, 3), 'basketball')).toBe('3rd quarter total');
    expect(marketTitle(t, market('period_winner', null, 1), 'tennis')).toBe('Set 1 winner');
    expect(marketTitle(t, market('period_winner', null, 1), 'esports')).toBe('Map 1 winner');
    expect(marketTitle(tRu, market('period_total', 1.5, 1), 'ice-hockey')).toBe('Тотал 1-го периода');
    expect(marketTitle(tRu, market('period_winner', null, 2), 'esports')).toBe('Победитель 2-й карты');
  });

  it('says what hockey’s result and winner count', () => {
    expect(marketTitle(t, market('1x2'), 'ice-hockey')).toBe('Result (regulation time)');
    expect(marketTitle(t, market('winner'), 'ice-hockey')).toBe('Winner (incl. overtime and shoot-out)');
  });

  it('names every market of every sport in every language without a raw key', () => {
    for (const messages of [en, ru, kz]) {
      const translate = translator(messages);
      for (const sport of SPORTS) {
        for (const key of MARKET_KEYS) {
          const title = marketTitle(translate, market(key, 1.5, 1), sport);
          expect(title).not.toMatch(/sports\.|market\.|\{/);
        }
      }
    }
  });
});

describe('outcome names', () => {
  it('names the teams, the draw and the double chances', () => {
    expect(outcomeLabel(t, market('1x2'), '1', event)).toBe('Arsenal');
    expect(outcomeLabel(t, market('1x2'), '2', event)).toBe('Chelsea');
    expect(outcomeLabel(t, market('1x2'), 'X', event)).toBe('Draw');
    expect(outcomeLabel(t, market('double_chance'), '1X', event)).toBe('Arsenal or draw');
    expect(outcomeLabel(t, market('double_chance'), '12', event)).toBe('Arsenal or Chelsea');
    expect(outcomeLabel(t, market('double_chance'), 'X2', event)).toBe('Draw or Chelsea');
    expect(outcomeLabel(tRu, market('double_chance'), '1X', event)).toBe('Arsenal или ничья');
  });

  it('puts the line in totals and the signed line in handicaps, the away side’s opposite', () => {
    expect(outcomeLabel(t, market('total', 2.5), 'over', event)).toBe('Over 2.5');
    expect(outcomeLabel(t, market('period_total', 10, 1), 'under', event)).toBe('Under 10');
    expect(outcomeLabel(tRu, market('total', 2.5), 'over', event)).toBe('Больше 2.5');
    expect(outcomeLabel(t, market('handicap', -1.5), '1', event)).toBe('Arsenal (−1.5)');
    expect(outcomeLabel(t, market('handicap', -1.5), '2', event)).toBe('Chelsea (+1.5)');
    expect(outcomeLabel(t, market('handicap', 0), '2', event)).toBe('Chelsea (0)');
  });

  it('answers yes and no', () => {
    expect(outcomeLabel(t, market('btts'), 'yes', event)).toBe('Yes');
    expect(outcomeLabel(tRu, market('btts'), 'no', event)).toBe('Нет');
  });

  it('names every outcome code', () => {
    for (const code of OUTCOME_CODES) {
      expect(outcomeLabel(t, market('total', 2.5), code, event)).not.toMatch(/outcome\.|\{/);
    }
  });
});

describe('numbers', () => {
  it('writes odds with two decimals, three when needed', () => {
    expect(formatOdds(2.1)).toBe('2.10');
    expect(formatOdds(1.855)).toBe('1.855');
    expect(formatOdds(12)).toBe('12.00');
    expect(formatOdds(1.01)).toBe('1.01');
    expect(formatOdds(1000)).toBe('1000.00');
    expect(formatOdds(3.4999999999)).toBe('3.50');
  });

  it('writes lines with a dot and handicaps with their sign', () => {
    expect(formatLine(2.5)).toBe('2.5');
    expect(formatLine(0.25)).toBe('0.25');
    expect(formatSignedLine(1.5)).toBe('+1.5');
    expect(formatSignedLine(-0.5)).toBe('−0.5');
    expect(formatSignedLine(0)).toBe('0');
  });
});

describe('the live clock', () => {
  it('is written in the page’s language, and a shape it does not know as the feed gives it', () => {
    const [ruT, enT, kzT] = [translator(ru), translator(en), translator(kz as typeof en)];
    expect(clockLabel(ruT, 'Set 2')).toBe('2-й сет');
    expect(clockLabel(kzT, 'Map 1')).toBe('1-карта');
    expect(clockLabel(ruT, 'Q3 05:12')).toBe('3-я четв. 05:12');
    expect(clockLabel(enT, 'P2 12:40')).toBe('P2 12:40');
    expect(clockLabel(ruT, 'P2 12:40')).toBe('2-й период 12:40');
    expect(clockLabel(ruT, 'OT2 01:05')).toBe('ОТ 01:05');
    expect(clockLabel(kzT, 'SO')).toBe('Буллиттер');
    expect(clockLabel(ruT, "67'")).toBe("67'");
  });
});
