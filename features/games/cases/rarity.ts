import type { CaseItem } from '../api/get-case';

/** Colours of the item rarities (border and text). */
export const RARITY_CLASS: Record<CaseItem['rarity'], string> = {
  common: 'border-slate-400/60 text-slate-300',
  uncommon: 'border-emerald-400/70 text-emerald-300',
  rare: 'border-sky-400/70 text-sky-300',
  epic: 'border-fuchsia-400/70 text-fuchsia-300',
  legendary: 'border-gold text-gold',
};
