import type { ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;
import type { Database } from '../db/client';
import type { Actor } from '../modules/audit/service';
import type { PaymentProvider } from '../modules/billing/providers';

/** Bad invocation: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command ran but could not do what was asked (exit code 1). */
export class CommandError extends Error {
  override name = 'CommandError';
}

export interface CommandContext {
  db: Database;
  /** Writes one line to stdout. */
  out(line: string): void;
  /** The payment providers this process talks to, by name (`paymentProviders(config)`), built on first use. */
  providers(): ReadonlyMap<string, PaymentProvider>;
  /**
   * The operator running the command, as the audit log's actor (`operator:<name>`): the global
   * `--operator NAME`, else `CASINO_OPERATOR`, else the OS user name. Resolved on first use; a
   * UsageError when none names anyone.
   */
  actor(): Actor;
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * One admin command. `parse` checks the arguments before any database connection is made, so bad
 * input fails fast; `run` does the work.
 */
export interface AdminCommand<Input = unknown> {
  name: string;
  /** Argument synopsis for help, e.g. `<CC> [--reason TEXT]`. */
  args: string;
  summary: string;
  /** Options in `node:util` parseArgs form. */
  options?: ParseArgsOptionsConfig;
  parse(positionals: string[], values: OptionValues): Input;
  run(context: CommandContext, input: Input): Promise<void>;
}

/** A command group (`geo`, later `mirror`, `promo`, ...): one module per domain, listed in registry.ts. */
export interface CommandGroup {
  name: string;
  summary: string;
  commands: AdminCommand[];
}

/** Keeps each command's Input type checked while letting groups hold commands of different inputs. */
export function defineCommand<Input>(command: AdminCommand<Input>): AdminCommand {
  return command as AdminCommand;
}
