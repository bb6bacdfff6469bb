import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import kz from '@/messages/kz.json';
import ru from '@/messages/ru.json';

type Tree = { [key: string]: Tree | Tree[] | string };

/** Every leaf path with its string, arrays by index. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') {
    out.set(prefix, tree);
  } else if (Array.isArray(tree)) {
    tree.forEach((item, i) => leaves(item, `${prefix}[${i}]`).forEach((v, k) => out.set(k, v)));
  } else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree)) {
      leaves(value, prefix ? `${prefix}.${key}` : key).forEach((v, k) => out.set(k, v));
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const locales = { en: leaves(en), ru: leaves(ru), kz: leaves(kz) };

describe('messages', () => {
  it.each(['ru', 'kz'] as const)('%s has exactly the keys of en', (locale) => {
    const missing = [...locales.en.keys()].filter((key) => !locales[locale].has(key));
    const extra = [...locales[locale].keys()].filter((key) => !locales.en.has(key));
    expect(missing, `missing in ${locale}`).toEqual([]);
    expect(extra, `only in ${locale}`).toEqual([]);
  });

  it.each(['en', 'ru', 'kz'] as const)('%s has no empty message', (locale) => {
    const empty = [...locales[locale]].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(['ru', 'kz'] as const)('%s keeps the placeholders of every en message', (locale) => {
    const broken = [...locales.en]
      .filter(
        ([key, text]) => placeholders(text).join() !== placeholders(locales[locale].get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it.each(['ru', 'kz'] as const)('%s is translated, not a copy of en', (locale) => {
    const long = [...locales.en].filter(([, text]) => text.length > 40);
    const copied = long.filter(([key, text]) => locales[locale].get(key) === text).map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('the Kazakh texts are Kazakh, not Russian', () => {
    const all = [...locales.kz.values()].join(' ');
    // Letters that Kazakh has and Russian does not.
    expect((all.match(/[әғқңөұүһі]/gi) ?? []).length).toBeGreaterThan(500);
  });
});
