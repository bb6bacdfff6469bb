ALTER TABLE "users" ADD COLUMN "account_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "excluded_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_status_known" CHECK ("users"."account_status" IN ('active', 'suspended', 'self_excluded', 'closed'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_excluded_until_self_excluded" CHECK ("users"."excluded_until" IS NULL OR "users"."account_status" = 'self_excluded');--> statement-breakpoint
-- The bet statement refuses a player who may not play (suspended, self-excluded, closed) with CB403, read
-- in the same statement as the session's family, so a status change takes effect at the very next bet.
CREATE OR REPLACE FUNCTION game_place_instant_bet(
  p_user integer,
  p_family uuid,
  p_pair integer,
  p_nonce integer,
  p_client_seed text,
  p_game text,
  p_currency text,
  p_amount bigint,
  p_payout bigint,
  p_multiplier bigint,
  p_params jsonb,
  p_outcome jsonb,
  p_key text,
  p_request_hash text,
  p_wager bigint,
  p_house_shard integer,
  p_now timestamptz,
  p_case integer,
  p_case_version text
) RETURNS TABLE (bet_id integer, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_live boolean;
  v_may_play boolean;
  v_case_current boolean;
  v_cash integer;
  v_cash_after bigint;
  v_house integer;
  v_house_after bigint;
  v_bet integer;
  v_reference text;
  v_meta text;
BEGIN
  SELECT
    EXISTS (SELECT 1 FROM token_families WHERE id = p_family AND user_id = p_user AND revoked_at IS NULL),
    EXISTS (
      SELECT 1 FROM users
       WHERE id = p_user
         AND (account_status = 'active'
              OR (account_status = 'self_excluded' AND excluded_until IS NOT NULL AND excluded_until <= p_now))
    ),
    p_case IS NULL OR EXISTS (
      SELECT 1 FROM game_cases
       WHERE id = p_case AND enabled
         AND (extract(epoch FROM updated_at) * 1000000)::bigint::text = p_case_version
    )
  INTO v_live, v_may_play, v_case_current;
  IF NOT v_live THEN
    RAISE EXCEPTION 'the session is revoked' USING ERRCODE = 'CB401';
  END IF;
  IF NOT v_may_play THEN
    RAISE EXCEPTION 'the account may not play' USING ERRCODE = 'CB403';
  END IF;
  IF NOT v_case_current THEN
    RAISE EXCEPTION 'the case changed or was disabled' USING ERRCODE = 'CB301';
  END IF;

  -- 1. The seed pair: the bet was played on this pair, nonce and client seed, or it is stale.
  UPDATE fair_seed_pairs SET nonce = nonce + 1
   WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce AND client_seed = p_client_seed;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the seed pair moved on' USING ERRCODE = 'CB300';
  END IF;

  -- 2. The player's money lock, then what it guards: their bonuses and their cash account.
  -- (Two statements: the bonus check must read with a snapshot taken once the lock is held.)
  PERFORM pg_advisory_xact_lock(734619004, p_user);
  IF p_wager > 0 AND EXISTS (
    SELECT 1 FROM bonus_activations WHERE user_id = p_user AND currency = p_currency AND status = 'active'
  ) THEN
    RAISE EXCEPTION 'the bet counts towards a bonus' USING ERRCODE = 'CB200';
  END IF;

  -- 4. The accounts: the stake out and the payout in, as one change of each balance.
  UPDATE ledger_accounts SET balance_minor = balance_minor - p_amount + p_payout
   WHERE key = 'user:' || p_user || ':' || p_currency || ':cash' AND balance_minor >= p_amount
   RETURNING id, balance_minor INTO v_cash, v_cash_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'CB422';
  END IF;
  UPDATE ledger_accounts SET balance_minor = balance_minor + p_amount - p_payout
   WHERE key = 'system:house:' || p_house_shard || ':' || p_currency
   RETURNING id, balance_minor INTO v_house, v_house_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no house account' USING ERRCODE = 'CB404';
  END IF;

  INSERT INTO game_bets (
    user_id, game, currency, amount_minor, payout_minor, multiplier_scaled, status, seed_pair_id,
    client_seed, nonce, params, state, outcome, idempotency_key, request_hash, balance_after_minor,
    created_at, settled_at
  ) VALUES (
    p_user, p_game, p_currency, p_amount, p_payout, p_multiplier,
    CASE WHEN p_payout > 0 THEN 'won' ELSE 'lost' END, p_pair, p_client_seed, p_nonce, p_params, '{}',
    p_outcome, p_key, p_request_hash, v_cash_after, p_now, p_now
  ) RETURNING id INTO v_bet;

  v_reference := 'game-bet:' || v_bet;
  v_meta := format('{"bet_id":%s,"game":%s}', v_bet, to_json(p_game));

  -- The stake (cash → house) and, when the bet won, the payout (house → cash): the transfers, then their
  -- entries in this order (the stake's before the payout's, as each account's running balance needs).
  WITH transfers AS (
    INSERT INTO ledger_transfers (idempotency_key, payload_hash, kind, reference, meta)
    SELECT t.key, t.hash, t.kind, v_reference, v_meta::jsonb
      FROM (VALUES
        (1, 'game-bet:' || p_user || ':' || p_key,
         ledger_payload_hash(v_cash, -p_amount, v_house, p_amount, 'bet', v_reference, v_meta), 'bet'),
        (2, 'game-win:' || v_bet,
         ledger_payload_hash(v_house, -p_payout, v_cash, p_payout, 'win', v_reference, v_meta), 'win')
      ) AS t (step, key, hash, kind)
     WHERE t.step = 1 OR p_payout > 0
     ORDER BY t.step
    RETURNING id, kind
  )
  INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_after_minor)
  SELECT transfers.id, e.account, e.amount, e.after
    FROM transfers
    JOIN (VALUES
      ('bet', 1, v_cash, -p_amount, v_cash_after - p_payout),
      ('bet', 2, v_house, p_amount, v_house_after + p_payout),
      ('win', 3, v_house, -p_payout, v_house_after),
      ('win', 4, v_cash, p_payout, v_cash_after)
    ) AS e (kind, step, account, amount, after) ON e.kind = transfers.kind
   ORDER BY e.step;

  RETURN QUERY SELECT v_bet, v_cash_after;
END
$$;
