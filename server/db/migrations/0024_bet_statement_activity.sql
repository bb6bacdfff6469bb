-- Issue 19: the instant bet statement also records the settled bet in the activity stream (bet_activity),
-- as the general path does (activity/record.ts): three parameters more (the stake and payout in roubles at
-- the declared rates, the game's house edge), so the old signature is dropped.
DROP FUNCTION IF EXISTS game_place_instant_bet(
  integer, uuid, integer, integer, text, text, text, bigint, bigint, bigint, jsonb, jsonb, text, text, bigint,
  integer, timestamptz, integer, text
);
--> statement-breakpoint
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
  p_case_version text,
  p_stake_rub bigint,
  p_payout_rub bigint,
  p_edge_bp integer
) RETURNS TABLE (bet_id integer, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_session_start timestamptz;
  v_may_play boolean;
  v_case_current boolean;
  v_bonus boolean;
  v_limited boolean;
  v_session_minutes bigint;
  v_loss_day bigint;
  v_loss_week bigint;
  v_loss_month bigint;
  v_counting boolean := false;
  v_today date;
  v_net_day bigint;
  v_net_week bigint;
  v_net_month bigint;
  v_refused text;
  v_left bigint;
  v_cash integer;
  v_cash_after bigint;
  v_house integer;
  v_house_after bigint;
  v_bet integer;
  v_reference text;
  v_meta text;
BEGIN
  SELECT
    (SELECT created_at FROM token_families WHERE id = p_family AND user_id = p_user AND revoked_at IS NULL),
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
  INTO v_session_start, v_may_play, v_case_current;
  IF v_session_start IS NULL THEN
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

  -- 2. The player's money lock, then what it guards: their bonuses, their limits and their cash account.
  -- (Separate statements: the checks must read with a snapshot taken once the lock is held.)
  PERFORM pg_advisory_xact_lock(734619004, p_user);
  SELECT
    p_wager > 0 AND EXISTS (
      SELECT 1 FROM bonus_activations WHERE user_id = p_user AND currency = p_currency AND status = 'active'
    ),
    EXISTS (
      SELECT 1 FROM player_limits
       WHERE user_id = p_user AND kind IN ('loss_day', 'loss_week', 'loss_month', 'session_minutes')
    )
  INTO v_bonus, v_limited;
  IF v_bonus THEN
    RAISE EXCEPTION 'the bet counts towards a bonus' USING ERRCODE = 'CB200';
  END IF;

  -- 3. The player's own limits (only a player who has set a loss or session limit gets here).
  IF v_limited THEN
    SELECT
      max(l.in_force) FILTER (WHERE l.kind = 'session_minutes'),
      max(l.in_force) FILTER (WHERE l.kind = 'loss_day'),
      max(l.in_force) FILTER (WHERE l.kind = 'loss_week'),
      max(l.in_force) FILTER (WHERE l.kind = 'loss_month'),
      coalesce(bool_or(l.kind <> 'session_minutes' AND (l.in_force IS NOT NULL OR l.next_from > p_now)), false)
    INTO v_session_minutes, v_loss_day, v_loss_week, v_loss_month, v_counting
    FROM (
      SELECT kind, next_from,
             CASE WHEN next_from IS NOT NULL AND next_from <= p_now THEN next_amount_minor ELSE amount_minor END
               AS in_force
        FROM player_limits
       WHERE user_id = p_user AND kind IN ('loss_day', 'loss_week', 'loss_month', 'session_minutes')
    ) AS l;
    IF v_session_minutes IS NOT NULL
       AND p_now >= v_session_start + make_interval(mins => v_session_minutes::integer) THEN
      RAISE EXCEPTION 'the session limit is reached' USING ERRCODE = 'CB410';
    END IF;
    IF v_counting THEN
      v_today := (p_now AT TIME ZONE 'UTC')::date;
      SELECT coalesce(sum(net_loss_minor) FILTER (WHERE day = v_today), 0),
             coalesce(sum(net_loss_minor) FILTER (WHERE day > v_today - 7), 0),
             coalesce(sum(net_loss_minor), 0)
        INTO v_net_day, v_net_week, v_net_month
        FROM player_loss_days
       WHERE user_id = p_user AND currency = p_currency AND day > v_today - 30 AND day <= v_today;
      -- The limit the stake would pass with the least left (what the refusal names).
      IF v_loss_day IS NOT NULL AND v_net_day + p_amount > v_loss_day THEN
        v_refused := 'loss_day';
        v_left := greatest(v_loss_day - v_net_day, 0);
      END IF;
      IF v_loss_week IS NOT NULL AND v_net_week + p_amount > v_loss_week
         AND (v_refused IS NULL OR greatest(v_loss_week - v_net_week, 0) < v_left) THEN
        v_refused := 'loss_week';
        v_left := greatest(v_loss_week - v_net_week, 0);
      END IF;
      IF v_loss_month IS NOT NULL AND v_net_month + p_amount > v_loss_month
         AND (v_refused IS NULL OR greatest(v_loss_month - v_net_month, 0) < v_left) THEN
        v_refused := 'loss_month';
        v_left := greatest(v_loss_month - v_net_month, 0);
      END IF;
      IF v_refused IS NOT NULL THEN
        RAISE EXCEPTION 'the % limit is reached', v_refused
          USING ERRCODE = 'CB411', DETAIL = v_refused || ':' || v_left;
      END IF;
    END IF;
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

  -- The settled bet for tournaments, the VIP club and the top (activity module, bet_activity).
  INSERT INTO bet_activity (
    key, ref, kind, user_id, game, category, currency, stake_minor, payout_minor, bet_stake_minor,
    stake_rub_minor, payout_rub_minor, multiplier_scaled, edge_bp, at
  ) VALUES (
    'game-bet:' || v_bet, 'game-bet:' || v_bet, 'bet', p_user, p_game, 'originals', p_currency, p_amount,
    p_payout, p_amount, p_stake_rub, p_payout_rub,
    CASE WHEN p_payout > 0 AND p_amount > 0 THEN p_payout * 10000 / p_amount ELSE 0 END, p_edge_bp, p_now
  );

  -- The day's net loss of a player whose loss limits count (see above).
  IF v_counting THEN
    INSERT INTO player_loss_days (user_id, currency, day, net_loss_minor)
    VALUES (p_user, p_currency, v_today, p_amount - p_payout)
    ON CONFLICT (user_id, currency, day)
      DO UPDATE SET net_loss_minor = player_loss_days.net_loss_minor + EXCLUDED.net_loss_minor;
  END IF;

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
