/**
 * A player in a public list (a leaderboard, the top page): their avatar only when they show one, their
 * name, or `hiddenLabel` ("Hidden") for a player who hides their statistics (`player: null`).
 */
export function PlayerName({
  player,
  avatar,
  hiddenLabel,
}: {
  player: string | null;
  avatar: string | null;
  hiddenLabel: string;
}) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      {avatar && player !== null ? (
        // A player's picture from the API host: plain <img>, next/image would need every mirror host configured.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={avatar}
          alt=""
          width={24}
          height={24}
          loading="lazy"
          className="size-6 shrink-0 rounded-full object-cover"
          data-testid="player-avatar"
        />
      ) : null}
      {player === null ? (
        <span className="truncate text-muted" data-testid="player-hidden">
          {hiddenLabel}
        </span>
      ) : (
        <span className="truncate">{player}</span>
      )}
    </span>
  );
}
