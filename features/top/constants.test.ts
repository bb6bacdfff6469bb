import { describe, expect, it } from 'vitest';
import * as contract from '@/lib/contracts/top';
import { BOARDS, PERIODS, TOP_TOPIC, topHref, topView } from './constants';

describe('the top page’s constants', () => {
  it('are the contract’s', () => {
    expect(BOARDS).toEqual(contract.TOP_BOARDS);
    expect(PERIODS).toEqual(contract.TOP_PERIODS);
    expect(TOP_TOPIC).toBe(contract.TOP_TOPIC);
    expect(topView({})).toEqual(contract.topQuery.parse({}));
  });

  it('read the view from the query, the defaults for anything unknown', () => {
    expect(topView({ board: 'wagered', period: 'week' })).toEqual({ board: 'wagered', period: 'week' });
    expect(topView({ board: 'x', period: ['all'] })).toEqual({ board: 'wins', period: 'day' });
  });

  it('write the address without the defaults', () => {
    expect(topHref('wins', 'day')).toBe('/top');
    expect(topHref('multipliers', 'all')).toBe('/top?board=multipliers&period=all');
    expect(topHref('wins', 'week')).toBe('/top?period=week');
  });
});
