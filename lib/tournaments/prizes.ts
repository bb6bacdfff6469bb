/**
 * Tournament prizes (issue 19): what each place of a prize table pays, and how tied players share the
 * places they cover. Pure arithmetic in minor units (bigint), shared by the server's finishing job and
 * the leaderboard it shows.
 */

export interface PrizeRow {
  from: number;
  to: number;
  /** A fixed amount per place… */
  amountMinor?: bigint;
  /** …or a share of the pool per place, in basis points. */
  poolBp?: number;
}

/** The prize of one place (0 outside the table): fixed, or its share of the pool rounded down. */
export function placePrize(prizes: readonly PrizeRow[], poolMinor: bigint, place: number): bigint {
  const row = prizes.find((prize) => place >= prize.from && place <= prize.to);
  if (!row) return 0n;
  if (row.amountMinor !== undefined) return row.amountMinor;
  return (poolMinor * BigInt(row.poolBp ?? 0)) / 10_000n;
}

/** Everything the table pays when every place is taken. */
export function prizeTotal(prizes: readonly PrizeRow[], poolMinor: bigint): bigint {
  let total = 0n;
  for (const row of prizes) {
    for (let place = row.from; place <= row.to; place += 1) total += placePrize(prizes, poolMinor, place);
  }
  return total;
}

export interface Standing<T> {
  item: T;
  /** Shared by tied players: the first place their group covers. */
  place: number;
  /** Their share of the prizes of the places the group covers (rounded down; the rest is not paid). */
  prizeMinor: bigint;
}

/**
 * Places and prizes of players ordered by points (highest first): players with equal points share a
 * place and split the prizes of the places they cover equally, e.g. two tied for 2nd with prizes 300 and
 * 100 for 2nd and 3rd each get 200, and the next player is 4th.
 */
export function standings<T>(
  ordered: readonly T[],
  pointsOf: (item: T) => bigint,
  prizes: readonly PrizeRow[],
  poolMinor: bigint,
): Standing<T>[] {
  const result: Standing<T>[] = [];
  let index = 0;
  while (index < ordered.length) {
    const points = pointsOf(ordered[index]!);
    let end = index;
    while (end + 1 < ordered.length && pointsOf(ordered[end + 1]!) === points) end += 1;
    const size = end - index + 1;
    let pot = 0n;
    for (let place = index + 1; place <= end + 1; place += 1) pot += placePrize(prizes, poolMinor, place);
    const share = pot / BigInt(size);
    for (let i = index; i <= end; i += 1)
      result.push({ item: ordered[i]!, place: index + 1, prizeMinor: share });
    index = end + 1;
  }
  return result;
}

/** The prize of a place shared by `size` tied players (see standings). */
export function sharedPrize(
  prizes: readonly PrizeRow[],
  poolMinor: bigint,
  place: number,
  size: number,
): bigint {
  let pot = 0n;
  for (let p = place; p < place + size; p += 1) pot += placePrize(prizes, poolMinor, p);
  return pot / BigInt(size);
}
