import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPORTS_VIEW,
  eventListParams,
  eventPath,
  isEventId,
  readSportsView,
  writeSportsView,
} from './view';

const read = (query: string) => readSportsView(new URLSearchParams(query));

describe('the sportsbook’s view in the address', () => {
  it('reads a sport and its league, and falls back to every sport', () => {
    expect(read('')).toEqual(DEFAULT_SPORTS_VIEW);
    expect(read('sport=football')).toEqual({ sport: 'football', league: null });
    expect(read('sport=ice-hockey&league=khl')).toEqual({ sport: 'ice-hockey', league: 'khl' });
    expect(read('sport=cricket&league=ipl')).toEqual(DEFAULT_SPORTS_VIEW);
    expect(read('league=khl')).toEqual(DEFAULT_SPORTS_VIEW);
    expect(read('sport=tennis&league=%3Cscript%3E')).toEqual({ sport: 'tennis', league: null });
  });

  it('writes the view, keeping other parameters, and nothing for every sport', () => {
    expect(writeSportsView({ sport: 'football', league: 'premier-league' })).toBe(
      '?sport=football&league=premier-league',
    );
    expect(writeSportsView({ sport: null, league: 'x' })).toBe('');
    expect(writeSportsView(DEFAULT_SPORTS_VIEW, new URLSearchParams('sport=tennis&login=1'))).toBe(
      '?login=1',
    );
    expect(writeSportsView(read('sport=esports'))).toBe('?sport=esports');
  });

  it('asks the API for the view’s list', () => {
    expect(eventListParams('live', DEFAULT_SPORTS_VIEW)).toEqual({ status: 'live', limit: '6' });
    expect(eventListParams('upcoming', { sport: 'tennis', league: 'atp' })).toEqual({
      status: 'upcoming',
      limit: '6',
      sport: 'tennis',
      league: 'atp',
    });
  });

  it('accepts event ids and refuses paths', () => {
    expect(isEventId('e1')).toBe(true);
    expect(isEventId('sb-20260314-ars-che')).toBe(true);
    expect(isEventId('../admin')).toBe(false);
    expect(isEventId('')).toBe(false);
    expect(eventPath('e1')).toBe('/betting/event/e1');
  });
});
