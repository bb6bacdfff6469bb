import { describe, expect, it } from 'vitest';
import { printTable, table, utc } from './toolkit';

describe('admin CLI toolkit', () => {
  it('aligns the columns of a table, the first row its header', () => {
    expect(
      table([
        ['CODE', 'PERCENT'],
        ['WELCOME100', '100%'],
      ]),
    ).toEqual(['CODE        PERCENT', 'WELCOME100  100%']);
  });

  it('prints the empty text when a table has no row under its header, else the aligned table', () => {
    const lines: string[] = [];
    printTable((line) => lines.push(line), 'No promo codes.', [['CODE', 'PERCENT']]);
    expect(lines).toEqual(['No promo codes.']);

    lines.length = 0;
    printTable((line) => lines.push(line), 'No promo codes.', [
      ['CODE', 'PERCENT'],
      ['KZSTART', '150%'],
    ]);
    expect(lines).toEqual(['CODE     PERCENT', 'KZSTART  150%']);
  });

  it('prints dates in UTC to the second, and a dash for none', () => {
    expect(utc(new Date('2031-06-01T12:34:56.789Z'))).toBe('2031-06-01 12:34:56');
    expect(utc(null)).toBe('-');
  });
});
