import { describe, expect, it } from 'vitest';
import { DEFAULT_LOBBY_QUERY, isFiltered, readLobbyQuery, writeLobbyQuery } from './lobby-query';

const read = (search: string) => readLobbyQuery(new URLSearchParams(search));

describe('the lobby view in the address', () => {
  it('reads every part and writes it back', () => {
    const query = read('?q=%20book%20&provider=aurum-studio&category=video-slots&sort=new&tab=favourites');
    expect(query).toEqual({
      search: 'book',
      provider: 'aurum-studio',
      category: 'video-slots',
      sort: 'new',
      tab: 'favourites',
    });
    expect(writeLobbyQuery(query)).toBe(
      '?q=book&provider=aurum-studio&category=video-slots&sort=new&tab=favourites',
    );
    expect(read(writeLobbyQuery(query))).toEqual(query);
  });

  it('falls back to the defaults for missing, unknown or malformed values, and leaves defaults out', () => {
    expect(read('')).toEqual(DEFAULT_LOBBY_QUERY);
    expect(read('?sort=cheapest&tab=mine&provider=<script>&category=a%20b')).toEqual(DEFAULT_LOBBY_QUERY);
    expect(read(`?q=${'x'.repeat(200)}`).search).toHaveLength(60);
    expect(writeLobbyQuery(DEFAULT_LOBBY_QUERY)).toBe('');
    expect(writeLobbyQuery({ ...DEFAULT_LOBBY_QUERY, search: '  ' })).toBe('');
  });

  it('keeps the address’s other parameters', () => {
    expect(
      writeLobbyQuery({ ...DEFAULT_LOBBY_QUERY, sort: 'name' }, new URLSearchParams('promo=X&sort=new')),
    ).toBe('?promo=X&sort=name');
  });

  it('says when the list is narrowed', () => {
    expect(isFiltered(DEFAULT_LOBBY_QUERY)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LOBBY_QUERY, sort: 'new', tab: 'recent' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_LOBBY_QUERY, provider: 'a' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LOBBY_QUERY, search: 'x' })).toBe(true);
  });
});
