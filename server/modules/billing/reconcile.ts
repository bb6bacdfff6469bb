/**
 * Reconciliation (issue 15): asks the providers that answer status queries about every invoice and payout
 * whose outcome we may not have heard (a callback lost, a create that timed out) and applies what they say
 * through the same code as their webhooks, so a state is applied once whichever comes first:
 *
 * - invoices not paid (created, expired, failed) made in the last `sinceHours`: a final `paid` credits
 *   the player (`credited_late` after the invoice's life) or, when it cannot be credited by itself (another
 *   amount, an invoice failed here), opens a payment review for the operator; never dropped;
 * - payouts `approved` (their create may not have reached the provider): sent again, which the provider's
 *   order id makes idempotent; payouts `sent`: a final paid or failed settles or returns them.
 *
 * Each run answers a report of what it looked at and what it did; `npm run admin -- reconcile` prints it
 * and the API process runs it every RECONCILE_INTERVAL_SECONDS, logging it. Two runs at once are safe
 * (row locks and event ids), only wasteful.
 */
import type { Executor } from '../../db/client';
import type { Actor } from '../audit/service';
import { applyPayoutEvent, sendPayout } from '../payouts/service';
import * as payoutRepository from '../payouts/repository';
import type { PaymentProvider } from './providers';
import * as repository from './repository';
import { applyWebhookEvent } from './service';

export interface ReconcileLine {
  subject: 'invoice' | 'payout';
  id: number;
  provider: string;
  /** Our status before the run. */
  was: string;
  /** What the provider said: `final:<event id>`, `pending`, `unknown`, or `error: <message>`. */
  answer: string;
  /** What this run did: the outcome of the applied event, `sent`, or `none`. */
  outcome: string;
}

export interface ReconcileReport {
  startedAt: Date;
  lines: ReconcileLine[];
}

const INVOICE_STATUS_NAMES: Record<number, string> = { 1: 'created', 3: 'paid', 4: 'expired', 5: 'failed' };

/** A callback normally comes within a minute or two: younger invoices and payouts are left to it. */
export const RECONCILE_GRACE_MS = 2 * 60_000;

export async function reconcile(
  db: Executor,
  input: {
    providers: ReadonlyMap<string, PaymentProvider>;
    now: Date;
    sinceHours?: number;
    limit?: number;
    graceMs?: number;
    /** Who runs it, as the audit log records each change it applies: the job is `system`. */
    actor?: Actor;
  },
): Promise<ReconcileReport> {
  const queryable = [...input.providers.values()].filter((p) => p.queryInvoice || p.queryPayout);
  const before = new Date(input.now.getTime() - (input.graceMs ?? RECONCILE_GRACE_MS));
  const limit = input.limit ?? 500;
  const lines: ReconcileLine[] = [];
  const errorText = (error: unknown) => `error: ${error instanceof Error ? error.message : String(error)}`;

  const invoices = await repository.invoicesToReconcile(db, {
    providers: queryable.filter((p) => p.queryInvoice).map((p) => p.name),
    since: new Date(input.now.getTime() - (input.sinceHours ?? 72) * 3_600_000),
    before,
    limit,
  });
  for (const invoice of invoices) {
    const provider = input.providers.get(invoice.provider)!;
    const line: ReconcileLine = {
      subject: 'invoice',
      id: invoice.id,
      provider: provider.name,
      was: INVOICE_STATUS_NAMES[invoice.status] ?? String(invoice.status),
      answer: 'none',
      outcome: 'none',
    };
    try {
      const answer = await provider.queryInvoice!({ hash: invoice.hash, providerRef: invoice.providerRef });
      if (answer.state !== 'final') line.answer = answer.state;
      else {
        line.answer = `final:${answer.event.eventId}`;
        const result = await applyWebhookEvent(
          db,
          provider,
          answer.event,
          { reconciled: true, event: answer.event.eventId },
          input.now,
          input.actor ?? 'system',
        );
        line.outcome = result.duplicate ? `${result.outcome} (already applied)` : result.outcome;
      }
    } catch (error) {
      line.answer = errorText(error);
    }
    // An invoice the provider has nothing new about is not worth a line once it has ended here.
    if (line.outcome !== 'none' || line.answer.startsWith('error') || invoice.status === 1) lines.push(line);
  }

  const payouts = await payoutRepository.payoutsToReconcile(db, {
    providers: queryable.filter((p) => p.queryPayout).map((p) => p.name),
    before,
    limit,
  });
  for (const payout of payouts) {
    const provider = input.providers.get(payout.provider)!;
    const line: ReconcileLine = {
      subject: 'payout',
      id: payout.id,
      provider: provider.name,
      was: payout.status,
      answer: 'none',
      outcome: 'none',
    };
    lines.push(line);
    try {
      let current = payout;
      if (current.status === 'approved') {
        // Its create may never have reached the provider: send it (the order id makes a repeat harmless).
        current = await sendPayout(db, payout.id, input.providers, input.now, input.actor ?? 'system');
        if (current.status === 'sent') line.outcome = 'sent';
        if (current.status !== 'sent') continue;
      }
      const answer = await provider.queryPayout!({ payoutId: current.id, providerRef: current.providerRef });
      if (answer.state !== 'final') {
        line.answer = answer.state;
        continue;
      }
      line.answer = `final:${answer.event.eventId}`;
      const result = await applyPayoutEvent(
        db,
        provider,
        { ...answer.event, payoutId: current.id },
        { reconciled: true, event: answer.event.eventId },
        input.now,
        input.actor ?? 'system',
      );
      line.outcome = result.duplicate ? `${result.outcome} (already applied)` : result.outcome;
    } catch (error) {
      line.answer = errorText(error);
    }
  }
  return { startedAt: input.now, lines };
}

/** The report as text, one line per invoice or payout. */
export function formatReport(report: ReconcileReport): string[] {
  if (report.lines.length === 0) return ['Nothing to reconcile.'];
  return report.lines.map(
    (l) => `${l.subject} ${l.id} (${l.provider}, was ${l.was}): provider says ${l.answer}; ${l.outcome}`,
  );
}
