/**
 * Checks of the ledger's invariants (used by the tests):
 * each transfer has two or more entries summing to zero; each cached balance equals the sum of its
 * entries and each entry's balance_after equals the running sum; no user balance is negative; no invoice
 * is credited more than once, and a paid invoice exactly once; a payout's money is held once and
 * settled at most once, and each pending-payouts account holds exactly its open payouts.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export async function ledgerInvariantViolations(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const run = async (label: string, query: ReturnType<typeof sql>) => {
    const result = await db.execute(query);
    for (const row of result.rows) problems.push(`${label}: ${JSON.stringify(row)}`);
  };
  await run(
    'unbalanced transfer',
    sql`SELECT t.id, count(e.id)::int AS entries, coalesce(sum(e.amount_minor), 0)::text AS sum
        FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
        GROUP BY t.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount_minor), 0) <> 0`,
  );
  await run(
    'cached balance differs from entries',
    sql`SELECT a.id, a.balance_minor::text AS cached, coalesce(sum(e.amount_minor), 0)::text AS entries
        FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
        GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  await run(
    'balance_after differs from running sum',
    sql`SELECT id, account_id FROM (
          SELECT id, account_id, balance_after_minor,
                 sum(amount_minor) OVER (PARTITION BY account_id ORDER BY id) AS running
          FROM ledger_entries) s
        WHERE balance_after_minor <> running`,
  );
  await run(
    'negative user balance',
    sql`SELECT id, balance_minor::text FROM ledger_accounts WHERE user_id IS NOT NULL AND balance_minor < 0`,
  );
  await run(
    'invoice credited more than once',
    sql`SELECT reference, count(*)::int FROM ledger_transfers
        WHERE kind = 'deposit' AND reference LIKE 'invoice:%' GROUP BY reference HAVING count(*) > 1`,
  );
  await run(
    'invoice status disagrees with its credit',
    sql`SELECT i.id, i.status, count(t.id)::int AS credits FROM billing_invoices i
        LEFT JOIN ledger_transfers t ON t.kind = 'deposit' AND t.reference = 'invoice:' || i.id
        GROUP BY i.id HAVING (i.status = 3) <> (count(t.id) = 1)`,
  );
  await run(
    'payout settled more than once',
    sql`SELECT reference, count(*)::int FROM ledger_transfers
        WHERE kind = 'withdrawal' AND reference LIKE 'payout:%' GROUP BY reference HAVING count(*) > 1`,
  );
  await run(
    'payout status disagrees with its settlement',
    sql`SELECT p.id, p.status, count(t.id)::int AS settlements FROM payouts p
        LEFT JOIN ledger_transfers t ON t.kind = 'withdrawal' AND t.reference = 'payout:' || p.id
        GROUP BY p.id HAVING (p.status IN ('paid', 'failed', 'rejected', 'cancelled')) <> (count(t.id) = 1)`,
  );
  await run(
    'pending-payouts account disagrees with the open payouts',
    sql`SELECT a.key, a.balance_minor::text, coalesce(open.total, 0)::text AS open_payouts
        FROM ledger_accounts a
        LEFT JOIN (SELECT provider, currency, sum(amount_minor) AS total FROM payouts
                   WHERE status IN ('review', 'approved', 'sent') GROUP BY provider, currency) open
          ON a.system_code = 'payouts:' || open.provider AND a.currency = open.currency
        WHERE a.system_code LIKE 'payouts:%' AND a.balance_minor <> coalesce(open.total, 0)`,
  );
  return problems;
}

/** Throws listing every violated invariant. */
export async function assertLedgerInvariants(db: Executor): Promise<void> {
  const problems = await ledgerInvariantViolations(db);
  if (problems.length > 0) throw new Error(`ledger invariants violated:\n${problems.join('\n')}`);
}
