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
 * - `audited(context, body)`: runs an operator's change in one transaction with its audit entries
 *   (`record(entry)`, the actor the operator running the command), so a change and its entry are kept or
 *   lost together.
 * - `rowState(row)`: a row as an audit entry's before/after (snake_case fields, no timestamps of its own
 *   bookkeeping), null for no row.
 */
import { toMinorUnits } from '@/lib/money';
import type { Executor } from '../db/client';
import { recordAudit, sameState, type AuditEntry } from '../modules/audit/service';
import { minorToMajor } from '../modules/ledger/service';
import { findUserByIdentifier, parseUserIdentifier, type UserRow } from '../modules/users/service';
import { CommandError, UsageError, type CommandContext, type OptionValues } from './command';

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

/** `2031-01-15` → that day's start in UTC; UsageError for anything else or a date that does not exist. */
export function parseDay(raw: string, option = '--since'): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== raw)
    throw new UsageError(`${option} must be a date YYYY-MM-DD`);
  return date;
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

/** An audit entry of an operator's change; `audited` adds the actor and the time. */
export type OperatorChange = Omit<AuditEntry, 'actor' | 'at'>;

/**
 * Runs an operator's change and its audit entries in one transaction: `body` changes through `tx` and
 * calls `record` for each subject it changed (an entry whose before and after are the same is left out:
 * nothing changed). Whatever fails rolls back the change and its entries together.
 */
export async function audited<T>(
  context: Pick<CommandContext, 'db' | 'actor'>,
  body: (tx: Executor, record: (entry: OperatorChange) => Promise<void>, now: Date) => Promise<T>,
): Promise<T> {
  const actor = context.actor();
  const now = new Date();
  return context.db.transaction((tx) =>
    body(
      tx,
      async (entry) => {
        if (entry.before !== undefined && sameState(entry.before, entry.after)) return;
        await recordAudit(tx, { ...entry, actor, at: now });
      },
      now,
    ),
  );
}

/**
 * A row as an audit entry's before or after: its fields under their column names (snake_case), without
 * `created_at`/`updated_at` (they only say when, which the entry says); null when there is no row.
 */
export function rowState(row: object | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => key !== 'createdAt' && key !== 'updatedAt')
      .map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value as unknown]),
  );
}
