import { describe, expect, it } from 'vitest';
import { isExternalUrl, layoutOf, pageKindOf, validate } from './routes';

describe('routes', () => {
  it('marks game pages as games and lobbies as full width', () => {
    expect(pageKindOf('/games/dice')).toBe('game');
    expect(pageKindOf('/games/miner')).toBe('game');
    expect(pageKindOf('/games/cases/gold')).toBe('game');
    expect(pageKindOf('/games/rooms/red')).toBe('game');
    expect(pageKindOf('/games/slots/x/demo')).toBe('game');
    expect(pageKindOf('/games/slots')).toBe('fullWidth');
    expect(pageKindOf('/games/live-casino')).toBe('fullWidth');
    expect(pageKindOf('/tournaments/active')).toBe('fullWidth');
    expect(pageKindOf('/faq')).toBe('default');
  });

  it('gives /no-access its own layout and the rest the default one', () => {
    expect(layoutOf('/no-access')).toBe('no-access');
    expect(layoutOf('/profile')).toBe('default');
  });

  it('validates route parameters', () => {
    expect(validate.tournamentId('42')).toBe(true);
    expect(validate.tournamentId('042')).toBe(false);
    expect(validate.tournamentId('abc')).toBe(false);
    expect(validate.tournamentStatus('active')).toBe(true);
    expect(validate.tournamentStatus('someday')).toBe(false);
    expect(validate.slug('gold-rush')).toBe(true);
    expect(validate.slug('Gold_Rush')).toBe(false);
    expect(validate.resetToken('0123456789abcdefXYZ')).toBe(true);
    expect(validate.resetToken('short')).toBe(false);
  });

  it('tells external addresses from internal ones', () => {
    const origin = 'https://aurum.example';
    expect(isExternalUrl('/ru/faq', origin)).toBe(false);
    expect(isExternalUrl('https://aurum.example/ru', origin)).toBe(false);
    expect(isExternalUrl('//evil.example/x', origin)).toBe(true);
    expect(isExternalUrl('https://evil.example', origin)).toBe(true);
  });
});
