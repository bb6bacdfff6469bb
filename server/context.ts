import type { Config } from './config';
import type { Database } from './db/client';

/** What route modules receive as plugin options. */
export interface AppContext {
  db: Database;
  config: Config;
}
