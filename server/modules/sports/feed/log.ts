/**
 * Where a feed reports what went wrong (a refused delivery, an unreachable API) without throwing: the
 * server's pino logger fits (`app.log`), and so does a test's spy. Feeds log and carry on, since the
 * next tick or poll is the retry.
 */
export interface FeedLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The default outside the server: the console, one line each. */
export const consoleFeedLog: FeedLog = {
  info: (object, message) => console.info(message, object),
  warn: (object, message) => console.warn(message, object),
};
