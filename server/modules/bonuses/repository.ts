/**
 * The SQL of bonuses: promo codes, activations, welcome-pack stages and their title, free-spin
 * campaigns and the spins users hold. No rules here (service.ts tells them); the operator's plain
 * create/list/enable calls (npm run admin) use these functions directly.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { INVOICE_STATUS } from '@/lib/contracts/billing';
import type { Executor } from '../../db/client';
// Paid deposits are billing's table, read through the database layer (billing calls this module).
import { billingInvoices, operatorSettings } from '../../db/schema';
import { WELCOME_PACK_TITLE_SETTING } from './rules';
import {
  bonusActivations,
  freeSpinCampaigns,
  promoCodes,
  userFreeSpins,
  welcomePackStages,
  type ActivationRow,
  type CampaignRow,
  type PromoRow,
  type StageRow,
  type UserFreeSpinRow,
} from './schema';

// --- promo codes ----------------------------------------------------------------------------------------

/** The promo of a code as stored (upper-case). */
export async function findPromo(db: Executor, normalizedCode: string): Promise<PromoRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalizedCode));
  return row;
}

export async function promoCodeOf(db: Executor, id: number): Promise<string | undefined> {
  const [promo] = await db.select({ code: promoCodes.code }).from(promoCodes).where(eq(promoCodes.id, id));
  return promo?.code;
}

export async function promosByIds(db: Executor, ids: number[]): Promise<PromoRow[]> {
  return ids.length ? db.select().from(promoCodes).where(inArray(promoCodes.id, ids)) : [];
}

export function listPromos(db: Executor): Promise<PromoRow[]> {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.id));
}

export type NewPromo = Omit<typeof promoCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Creates a promo code; undefined when the code exists already. */
export async function createPromo(db: Executor, promo: NewPromo, now: Date): Promise<PromoRow | undefined> {
  const [row] = await db
    .insert(promoCodes)
    .values({ ...promo, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: promoCodes.code })
    .returning();
  return row;
}

export async function setPromoEnabled(
  db: Executor,
  code: string,
  enabled: boolean,
  now: Date,
): Promise<PromoRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ enabled, updatedAt: now })
    .where(eq(promoCodes.code, code))
    .returning();
  return row;
}

// --- activations ----------------------------------------------------------------------------------------

/** Marks the user's waiting activations past their deadline as expired. */
export async function expireWaiting(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(bonusActivations)
    .set({ status: 'expired', finishedAt: now })
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.status, 'waiting'),
        lte(bonusActivations.expiresAt, now),
      ),
    );
}

/** The user's waiting promo activation as stored (whatever its deadline). */
export async function waitingPromoOf(db: Executor, userId: number): Promise<ActivationRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.source, 'promo'),
        eq(bonusActivations.status, 'waiting'),
      ),
    );
  return row;
}

/** Whether the user was ever credited a bonus of this promo. */
export async function promoCreditedTo(db: Executor, userId: number, promoId: number): Promise<boolean> {
  const [used] = await db
    .select({ id: bonusActivations.id })
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.promoId, promoId),
        gt(bonusActivations.amountMinor, 0n),
      ),
    )
    .limit(1);
  return used !== undefined;
}

export async function insertActivation(
  db: Executor,
  values: typeof bonusActivations.$inferInsert,
): Promise<ActivationRow> {
  const [row] = await db.insert(bonusActivations).values(values).returning();
  return row;
}

export async function updateActivation(
  db: Executor,
  id: number,
  patch: Partial<typeof bonusActivations.$inferInsert>,
): Promise<ActivationRow> {
  const [row] = await db.update(bonusActivations).set(patch).where(eq(bonusActivations.id, id)).returning();
  return row;
}

export async function activationOf(
  db: Executor,
  userId: number,
  id: number,
): Promise<ActivationRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusActivations)
    .where(and(eq(bonusActivations.id, id), eq(bonusActivations.userId, userId)));
  return row;
}

/** Every activation of the user, newest first. */
export function activationsOf(db: Executor, userId: number): Promise<ActivationRow[]> {
  return db
    .select()
    .from(bonusActivations)
    .where(eq(bonusActivations.userId, userId))
    .orderBy(desc(bonusActivations.id));
}

/** The activation a deposit paid, if any. */
export async function activationOfInvoice(
  db: Executor,
  invoiceId: number,
): Promise<ActivationRow | undefined> {
  const [row] = await db.select().from(bonusActivations).where(eq(bonusActivations.invoiceId, invoiceId));
  return row;
}

/** The user's active bonuses of a currency, oldest first. */
export function activeBonusesOf(db: Executor, userId: number, currency: string): Promise<ActivationRow[]> {
  return db
    .select()
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.currency, currency),
        eq(bonusActivations.status, 'active'),
      ),
    )
    .orderBy(asc(bonusActivations.id));
}

/** Whether the user was awarded this welcome-pack stage. */
export async function stageAwardedTo(db: Executor, userId: number, stage: number): Promise<boolean> {
  const [awarded] = await db
    .select({ id: bonusActivations.id })
    .from(bonusActivations)
    .where(and(eq(bonusActivations.userId, userId), eq(bonusActivations.stage, stage)));
  return awarded !== undefined;
}

/** The welcome-pack stages the user was awarded. */
export async function stagesAwardedTo(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ stage: bonusActivations.stage })
    .from(bonusActivations)
    .where(and(eq(bonusActivations.userId, userId), eq(bonusActivations.source, 'welcome_pack')));
  return new Set(rows.map((r) => r.stage!));
}

/** Paid invoices of the user other than `exceptInvoiceId`. */
export async function paidDepositsOf(
  db: Executor,
  userId: number,
  exceptInvoiceId?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.userId, userId),
        eq(billingInvoices.status, INVOICE_STATUS.paid),
        exceptInvoiceId === undefined ? undefined : ne(billingInvoices.id, exceptInvoiceId),
      ),
    );
  return row.n;
}

// --- welcome pack ---------------------------------------------------------------------------------------

/** Enabled stages in deposit order. */
export function enabledStages(db: Executor): Promise<StageRow[]> {
  return db
    .select()
    .from(welcomePackStages)
    .where(eq(welcomePackStages.enabled, true))
    .orderBy(asc(welcomePackStages.depositNumber));
}

/** The enabled stage paying the user's `depositNumber`-th deposit. */
export async function enabledStageFor(db: Executor, depositNumber: number): Promise<StageRow | undefined> {
  const [stage] = await db
    .select()
    .from(welcomePackStages)
    .where(and(eq(welcomePackStages.depositNumber, depositNumber), eq(welcomePackStages.enabled, true)));
  return stage;
}

export async function stagesByIds(db: Executor, stages: number[]): Promise<StageRow[]> {
  return stages.length
    ? db.select().from(welcomePackStages).where(inArray(welcomePackStages.stage, stages))
    : [];
}

export function listStages(db: Executor): Promise<StageRow[]> {
  return db.select().from(welcomePackStages).orderBy(asc(welcomePackStages.stage));
}

export type StageInput = Omit<typeof welcomePackStages.$inferInsert, 'updatedAt' | 'enabled'>;

/** Creates or replaces a welcome-pack stage (enabled). Awarded stages keep the terms they were paid on. */
export async function upsertStage(db: Executor, stage: StageInput, now: Date): Promise<StageRow> {
  const [row] = await db
    .insert(welcomePackStages)
    .values({ ...stage, enabled: true, updatedAt: now })
    .onConflictDoUpdate({
      target: welcomePackStages.stage,
      set: { ...stage, enabled: true, updatedAt: now },
    })
    .returning();
  return row;
}

export async function disableStage(db: Executor, stage: number, now: Date): Promise<StageRow | undefined> {
  const [row] = await db
    .update(welcomePackStages)
    .set({ enabled: false, updatedAt: now })
    .where(eq(welcomePackStages.stage, stage))
    .returning();
  return row;
}

export async function setPackTitle(
  db: Executor,
  title: { en: string; ru?: string; kz?: string },
  now: Date,
): Promise<void> {
  await db
    .insert(operatorSettings)
    .values({
      key: WELCOME_PACK_TITLE_SETTING,
      value: title,
      description: 'Public title of the welcome pack: { en, ru, kz }',
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: operatorSettings.key, set: { value: title, updatedAt: now } });
}

/** The stored value of the welcome pack's title setting (undefined when unset). */
export async function packTitleSetting(db: Executor): Promise<unknown> {
  const [row] = await db
    .select({ value: operatorSettings.value })
    .from(operatorSettings)
    .where(eq(operatorSettings.key, WELCOME_PACK_TITLE_SETTING));
  return row?.value;
}

// --- free spins -----------------------------------------------------------------------------------------

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(freeSpinCampaigns).where(eq(freeSpinCampaigns.id, id));
  return row;
}

export async function campaignsByIds(db: Executor, ids: number[]): Promise<CampaignRow[]> {
  return ids.length ? db.select().from(freeSpinCampaigns).where(inArray(freeSpinCampaigns.id, ids)) : [];
}

export function listCampaigns(db: Executor): Promise<CampaignRow[]> {
  return db.select().from(freeSpinCampaigns).orderBy(asc(freeSpinCampaigns.id));
}

export async function createCampaign(
  db: Executor,
  campaign: Omit<typeof freeSpinCampaigns.$inferInsert, 'id' | 'createdAt'>,
  now: Date,
): Promise<CampaignRow> {
  const [row] = await db
    .insert(freeSpinCampaigns)
    .values({ ...campaign, createdAt: now })
    .returning();
  return row;
}

/**
 * (Re)fills the user's row of a campaign: `count_left` and status from `values`, usable until the later
 * of its current (active) expiry and the new one; an operator grant keeps the activation it had.
 */
export async function refillFreeSpins(
  db: Executor,
  values: Omit<typeof userFreeSpins.$inferInsert, 'id' | 'status'>,
  now: Date,
): Promise<UserFreeSpinRow> {
  const [row] = await db
    .insert(userFreeSpins)
    .values({ ...values, status: 'active' })
    .onConflictDoUpdate({
      target: [userFreeSpins.userId, userFreeSpins.campaignId],
      set: {
        currency: sql`excluded.currency`,
        countLeft: sql`excluded.count_left`,
        status: 'active',
        expirationAt: sql`GREATEST(CASE WHEN ${userFreeSpins.status} = 'active' THEN ${userFreeSpins.expirationAt} END, excluded.expiration_at)`,
        activationId: sql`coalesce(excluded.activation_id, ${userFreeSpins.activationId})`,
        updatedAt: now,
      },
    })
    .returning();
  return row;
}

export async function expireFreeSpins(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(userFreeSpins)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(userFreeSpins.userId, userId),
        eq(userFreeSpins.status, 'active'),
        lte(userFreeSpins.expirationAt, now),
      ),
    );
}

/** Active, unexpired spins with some left, with their campaign, soonest expiry first. */
export function usableFreeSpinsOf(db: Executor, userId: number, now: Date) {
  return db
    .select({ spins: userFreeSpins, campaign: freeSpinCampaigns })
    .from(userFreeSpins)
    .innerJoin(freeSpinCampaigns, eq(freeSpinCampaigns.id, userFreeSpins.campaignId))
    .where(
      and(
        eq(userFreeSpins.userId, userId),
        eq(userFreeSpins.status, 'active'),
        gt(userFreeSpins.countLeft, 0),
        gt(userFreeSpins.expirationAt, now),
      ),
    )
    .orderBy(asc(userFreeSpins.expirationAt), asc(userFreeSpins.id));
}

/** Marks the user's active spins of a campaign cancelled; returns the rows' ids (none: there were none). */
export async function cancelActiveFreeSpins(
  db: Executor,
  userId: number,
  campaignId: number,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(userFreeSpins)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(userFreeSpins.userId, userId),
        eq(userFreeSpins.campaignId, campaignId),
        eq(userFreeSpins.status, 'active'),
      ),
    )
    .returning({ id: userFreeSpins.id });
  return rows.map((row) => row.id);
}

/** The user's free spins of every status, newest first. */
export function freeSpinsOfUser(db: Executor, userId: number): Promise<UserFreeSpinRow[]> {
  return db
    .select()
    .from(userFreeSpins)
    .where(eq(userFreeSpins.userId, userId))
    .orderBy(desc(userFreeSpins.id));
}
