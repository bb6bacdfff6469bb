import type { RealtimeMessage } from './bus';

/**
 * What a socket gets first when it subscribes to a topic: the topic's state as it stands (a `snapshot`
 * event), so a client that (re)connects never waits for the next change. A module registers the topics
 * it owns by name (`crash`) or family (`rooms` answers `rooms:red:RUB`); a topic nobody answers for is
 * refused.
 */
export type SnapshotSource = (topic: string) => Promise<RealtimeMessage | null> | RealtimeMessage | null;

export class TopicRegistry {
  private readonly sources = new Map<string, SnapshotSource>();

  /** `family` answers the topic `family` and every `family:…`. */
  provide(family: string, source: SnapshotSource): void {
    if (this.sources.has(family)) throw new Error(`topic ${family} is provided twice`);
    this.sources.set(family, source);
  }

  /** The topic's snapshot, or null when no module answers for it (an unknown topic). */
  async snapshot(topic: string): Promise<RealtimeMessage | null> {
    const source = this.sources.get(topic.split(':', 1)[0]!);
    return source ? await source(topic) : null;
  }
}
