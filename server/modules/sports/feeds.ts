/**
 * The odds feed a process runs, from its configuration (SPORTS_FEED): the sandbox (the default of `npm
 * start`), The Odds API, or none.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { OddsFeed } from './feed/model';
import { OddsApiFeed } from './feed/odds-api';
import { SandboxFeed } from './feed/sandbox';

export interface ConfiguredFeed {
  feed: OddsFeed;
  /** The id prefix of the events the feed runs all of (see IngestOptions.cancelMissing), if it does. */
  prefix: string | null;
}

export function createFeed(config: Config['sportsFeed'], log: FastifyBaseLogger): ConfiguredFeed | null {
  switch (config.kind) {
    case 'off':
      return null;
    case 'sandbox':
      return { feed: new SandboxFeed({ speed: config.speed }), prefix: 'sbx-' };
    case 'odds-api':
      return {
        feed: new OddsApiFeed({
          baseUrl: config.baseUrl,
          apiKey: config.apiKey,
          sports: config.sports,
          pollMs: config.pollMs,
          log,
        }),
        prefix: null,
      };
  }
}
