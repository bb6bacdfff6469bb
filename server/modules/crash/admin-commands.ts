import { defineCommand, CommandError, UsageError, type CommandGroup } from '../../admin/command';
import { audited, printTable, text, utc } from '../../admin/toolkit';
import { chainsWithPlayed, createChain, MAX_CHAIN_LENGTH, setChainSalt } from './service';

const SALT = /^[A-Za-z0-9]{16,128}$/;

/** Crash's hash chains (issue 16): publish a chain, then set its salt; only then are its games played. */
export const crashCommands: CommandGroup = {
  name: 'crash',
  summary: 'crash hash chains and their salt (provably fair)',
  commands: [
    defineCommand({
      name: 'chain',
      args: 'create --length N | list',
      summary:
        'create: make a chain of N games and print its terminating hash to publish; list: the chains, their salt and games played',
      options: { length: { type: 'string' } },
      parse(positionals, values) {
        const [verb, ...rest] = positionals;
        if (rest.length > 0) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
        if (verb === 'list') return { verb, length: 0 };
        if (verb !== 'create') throw new UsageError('give create or list');
        const raw = text(values, 'length');
        const length = raw !== undefined && /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
        if (!Number.isInteger(length) || length < 1 || length > MAX_CHAIN_LENGTH)
          throw new UsageError(`--length must be 1 to ${MAX_CHAIN_LENGTH}`);
        return { verb, length };
      },
      async run(context, input) {
        if (input.verb === 'list') {
          const rows = (await chainsWithPlayed(context.db)).map(({ chain, played }) => [
            String(chain.id),
            chain.terminatingHash,
            String(chain.length),
            String(played),
            chain.salt ?? '(not set)',
            utc(chain.createdAt),
          ]);
          printTable(context.out, 'No chains.', [
            ['id', 'terminating hash', 'length', 'played', 'salt', 'created'],
            ...rows,
          ]);
          return;
        }
        // The chain and its audit entry in one transaction (createChain's own becomes a savepoint).
        const chain = await audited(context, async (tx, record, now) => {
          const created = await createChain(tx, { length: input.length, now });
          await record({
            action: 'crash.chain_create',
            subjectType: 'crash_chain',
            subjectId: created.id,
            after: { terminating_hash: created.terminatingHash, length: created.length },
          });
          return created;
        });
        context.out(`Chain ${chain.id}: ${chain.length} games. Terminating hash (publish it now):`);
        context.out(chain.terminatingHash);
        context.out('Then set the salt (e.g. a future block hash): npm run admin -- crash salt set <salt>');
      },
    }),
    defineCommand({
      name: 'salt',
      args: 'set <salt> [--chain ID]',
      summary:
        'Set the salt of the newest chain without one (or of --chain), once, before any of its games is played',
      options: { chain: { type: 'string' } },
      parse(positionals, values) {
        const [verb, salt, ...rest] = positionals;
        if (verb !== 'set' || salt === undefined || rest.length > 0) throw new UsageError('give set <salt>');
        if (!SALT.test(salt)) throw new UsageError('the salt must be 16 to 128 letters and digits');
        const rawChain = text(values, 'chain');
        const chainId =
          rawChain === undefined ? undefined : /^\d{1,9}$/.test(rawChain) ? Number(rawChain) : NaN;
        if (chainId !== undefined && !Number.isInteger(chainId))
          throw new UsageError('--chain must be an id');
        return { salt, chainId };
      },
      async run(context, input) {
        const result = await audited(context, async (tx, record, now) => {
          const outcome = await setChainSalt(tx, { salt: input.salt, chainId: input.chainId, now });
          if (outcome.done) {
            await record({
              action: 'crash.salt_set',
              subjectType: 'crash_chain',
              subjectId: outcome.chain.id,
              before: { salt: null },
              after: { salt: outcome.chain.salt },
            });
          }
          return outcome;
        });
        if (!result.done) {
          const why = {
            no_chain: 'No such chain without a salt.',
            already_set: `Chain ${result.chain?.id} has its salt already: ${result.chain?.salt}.`,
            played: `Chain ${result.chain?.id} has played games: its salt can no longer be set.`,
          }[result.reason];
          throw new CommandError(why);
        }
        context.out(`Chain ${result.chain.id}: salt ${result.chain.salt}. Its games may now be played.`);
      },
    }),
  ],
};
