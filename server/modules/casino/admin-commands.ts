/**
 * `npm run admin -- games ...`: the operator's side of the casino catalogue. `sync` pulls the aggregator's
 * game list (STUDIO_URL, signed with the aggregator's secret, as the API does); `enable`/`disable`,
 * `order` and `tag` edit the operator's fields, which syncs keep. Every change is audited.
 */
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, printTable, rowState } from '../../admin/toolkit';
import { loadConfig } from '../../config';
import { aggregatorSecret } from '../aggregator/signature';
import { aggregatorClient, AggregatorError } from './aggregator-client';
import { allGames, lockGame, syncCatalogue, updateGame } from './service';

function noArguments(positionals: string[]) {
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
}

function codeArgument(positionals: string[], count = 1): string[] {
  if (positionals.length < count) throw new UsageError('a game code is required, e.g. aurora-wilds');
  if (positionals.length > count) {
    throw new UsageError(`unexpected arguments: ${positionals.slice(count).join(' ')}`);
  }
  return positionals;
}

/** The Games API client, configured as the API server's (STUDIO_URL, AGGREGATOR_OPERATOR_ID, the secret). */
function studio() {
  const config = loadConfig(process.env, { requireJwtSecret: false });
  return aggregatorClient({
    baseUrl: config.aggregator.studioUrl,
    operatorId: config.aggregator.operatorId,
    secret: aggregatorSecret(config),
  });
}

const yes = (value: boolean) => (value ? 'yes' : 'no');

/** An operator field change of one game, audited. */
function fieldChange(
  name: string,
  args: string,
  summary: string,
  change: (input: string[], values: Record<string, unknown>) => Parameters<typeof updateGame>[2],
  options?: Record<string, { type: 'boolean' | 'string' }>,
  arity = 1,
) {
  return defineCommand({
    name,
    args,
    summary,
    options,
    parse: (positionals, values) => ({
      args: codeArgument(positionals, arity),
      set: change(codeArgument(positionals, arity), values),
    }),
    async run(context, { args, set }) {
      const [code] = args;
      const row = await audited(context, async (tx, record, now) => {
        const before = await lockGame(tx, code);
        if (!before) throw new CommandError(`No game ${code} in the catalogue (run games sync).`);
        const after = await updateGame(tx, before.id, set, now);
        await record({
          action: `games.${name}`,
          subjectType: 'casino_game',
          subjectId: code,
          before: rowState(before),
          after: rowState(after),
        });
        return after;
      });
      context.out(
        `${row.code}: ${row.disabledByOperator ? 'disabled' : 'enabled'} by the operator, position ${row.position}, tags ${
          [row.tagNew ? 'new' : '', row.tagPopular ? 'popular' : ''].filter(Boolean).join(', ') || '-'
        }.`,
      );
    },
  });
}

export const gameCommands: CommandGroup = {
  name: 'games',
  summary: 'the casino catalogue: sync from the aggregator, enable, disable, order, tag',
  commands: [
    defineCommand({
      name: 'sync',
      args: '',
      summary: 'Pull the aggregator’s game list: add and update games, hide those it no longer lists',
      parse: noArguments,
      async run(context) {
        let list;
        try {
          list = await studio().gameList();
        } catch (error) {
          if (error instanceof AggregatorError) throw new CommandError(error.message);
          throw error;
        }
        const summary = await audited(context, async (tx, record, now) => {
          const result = await syncCatalogue(tx, list, now);
          await record({
            action: 'games.sync',
            subjectType: 'casino_catalogue',
            subjectId: 'aggregator',
            after: { listed: result.listed, added: result.added, gone: result.gone, skipped: result.skipped },
          });
          return result;
        });
        const { out } = context;
        out(
          `Synced ${summary.listed} games of ${summary.providers} providers: ${summary.added.length} added, ${summary.updated} updated, ${summary.gone.length} gone.`,
        );
        if (summary.added.length) out(`Added: ${summary.added.join(', ')}`);
        if (summary.gone.length) out(`Gone (hidden): ${summary.gone.join(', ')}`);
        if (summary.skipped.length) out(`Skipped (bad or repeated code): ${summary.skipped.join(', ')}`);
      },
    }),
    defineCommand({
      name: 'list',
      args: '[--lobby slots|live]',
      summary: 'List the catalogue with the aggregator’s and the operator’s fields',
      options: { lobby: { type: 'string' } },
      parse(positionals, values) {
        noArguments(positionals);
        const lobby = values.lobby;
        if (lobby !== undefined && lobby !== 'slots' && lobby !== 'live') {
          throw new UsageError('--lobby must be slots or live');
        }
        return { lobby: lobby as 'slots' | 'live' | undefined };
      },
      async run({ db, out }, { lobby }) {
        const rows = await allGames(db, lobby === undefined ? undefined : lobby === 'live');
        printTable(out, 'The catalogue is empty (run games sync).', [
          [
            'CODE',
            'NAME',
            'PROVIDER',
            'CATEGORY',
            'LOBBY',
            'RTP',
            'POS',
            'TAGS',
            'ENABLED',
            'OPERATOR',
            'LISTED',
          ],
          ...rows.map(({ game, provider }) => [
            game.code,
            game.name,
            provider.name,
            game.category,
            game.live ? 'live' : 'slots',
            game.rtp === null ? '-' : `${game.rtp}%`,
            String(game.position),
            [game.tagNew ? 'new' : '', game.tagPopular ? 'popular' : ''].filter(Boolean).join(',') || '-',
            yes(game.enabled),
            game.disabledByOperator ? 'disabled' : 'enabled',
            yes(game.listed),
          ]),
        ]);
      },
    }),
    fieldChange('enable', '<code>', 'Show a game the operator had disabled', () => ({
      disabledByOperator: false,
    })),
    fieldChange('disable', '<code>', 'Hide a game from the lobbies (syncs keep it hidden)', () => ({
      disabledByOperator: true,
    })),
    fieldChange(
      'order',
      '<code> <position>',
      'Set a game’s position (lower first; default 1000)',
      ([, raw]) => {
        const position = Number(raw);
        if (!Number.isInteger(position) || position < 0 || position > 1_000_000) {
          throw new UsageError(`"${raw}" is not a position (a whole number from 0 to 1000000)`);
        }
        return { position };
      },
      undefined,
      2,
    ),
    fieldChange(
      'tag',
      '<code> new|popular [--off]',
      'Tag a game new or popular (--off: untag)',
      ([, tag], values) => {
        const on = values.off !== true;
        if (tag === 'new') return { tagNew: on };
        if (tag === 'popular') return { tagPopular: on };
        throw new UsageError(`"${tag}" is not a tag: new or popular`);
      },
      { off: { type: 'boolean' } },
      2,
    ),
  ],
};
