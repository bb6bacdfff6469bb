/**
 * The admin CLI's shared helpers (every module's `admin-commands.ts` uses these, none writes its own):
 *
 * - `text(values, name)` / `list(values, name)`: a string option / a repeated string option.
 * - `table(rows)`: rows of cells (the first row the header) as aligned lines.
 * - `printTable(out, empty, rows)`: prints `empty` when there is no row under the header, else the table.
 * - `utc(date)`: `2026-01-31 23:59:59` (UTC, seconds), `-` for null.
 * - `money(minor)`: minor units as a major amount with two decimals (`12345n` → `123.45`).
 * - `parseMoney(raw, label?)`: an operator's amount (`100`, `99.5`, `1 234,50`) in minor units, else
 *   UsageError (`[label: ]"<raw>" is not an amount`).
 * - `findUser(db, raw)`: the user an operator named by id, e-mail or phone (users module), else
 *   CommandError.
 */
import { toMinorUnits } from '@/lib/money';
import type { Executor } from '../db/client';
import { minorToMajor } from '../modules/ledger/service';
import { findUserByIdentifier, parseUserIdentifier, type UserRow } from '../modules/users/service';
import { CommandError, UsageError, type OptionValues } from './command';

export function text(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function list(values: OptionValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}

export function printTable(out: (line: string) => void, empty: string, rows: string[][]): void {
  if (rows.length <= 1) {
    out(empty);
    return;
  }
  for (const line of table(rows)) out(line);
}

export function utc(date: Date | null): string {
  return date ? date.toISOString().slice(0, 19).replace('T', ' ') : '-';
}

export function money(minor: bigint | number): string {
  return minorToMajor(BigInt(minor)).toFixed(2);
}

export function parseMoney(raw: string, label?: string): bigint {
  try {
    return BigInt(toMinorUnits(raw));
  } catch {
    throw new UsageError(`${label ? `${label}: ` : ''}"${raw}" is not an amount`);
  }
}

export async function findUser(db: Executor, raw: string): Promise<UserRow> {
  const lookup = parseUserIdentifier(raw);
  if (!lookup) throw new CommandError(`"${raw}" is not a user id, e-mail or phone`);
  const user = await findUserByIdentifier(db, lookup);
  if (!user) throw new CommandError(`No user ${raw}`);
  return user;
}
