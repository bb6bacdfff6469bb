import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemoryBus, type RealtimeMessage } from './bus';
import { parseTopics, SocketHub, textFrame } from './socket';
import { TopicRegistry } from './topics';
import { socketMessages } from '../test/socket-messages';

const bus = new MemoryBus();
const topics = new TopicRegistry();
let snapshotDelayMs = 0;
topics.provide('news', async (topic) => {
  await new Promise((resolve) => setTimeout(resolve, snapshotDelayMs));
  return topic === 'news' || topic === 'news:sport' ? { topic, type: 'snapshot', items: [] } : null;
});
const warnings: unknown[] = [];
const hub = new SocketHub(bus, topics, { warn: (object) => warnings.push(object) }, 200);
const app = Fastify();
await app.register(websocket);
app.get('/socket', { websocket: true }, (socket, request) =>
  hub.accept(socket, parseTopics((request.query as { topics?: unknown }).topics)),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;
afterAll(async () => {
  hub.close();
  await app.close();
});

function connect(query = '') {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket${query}`);
  const received: RealtimeMessage[] = [];
  const frames: string[] = [];
  socket.on('message', (data) => {
    frames.push(String(data));
    received.push(...(socketMessages(data) as RealtimeMessage[]));
  });
  const open = new Promise((resolve) => socket.once('open', resolve));
  return { socket, received, frames, open };
}

describe('the realtime hub', () => {
  it('reads topics from the address, sends each snapshot first, then the events of those topics only', async () => {
    const client = connect('?topics=news,news:sport,bad topic,news');
    await client.open;
    await expect.poll(() => client.received.length).toBe(2);
    expect(client.received.map((m) => `${m.topic}/${m.type}`).sort()).toEqual([
      'news/snapshot',
      'news:sport/snapshot',
    ]);
    bus.publish({ topic: 'news', type: 'item', n: 1 });
    bus.publish({ topic: 'other', type: 'item', n: 2 });
    bus.publish({ topic: 'news:sport', type: 'item', n: 3 });
    await expect.poll(() => client.received.length).toBe(4);
    expect(client.received.slice(2).map((m) => m.n)).toEqual([1, 3]);
    client.socket.close();
  });

  it('follows and leaves topics on request, refuses unknown ones, and ignores malformed messages', async () => {
    const client = connect();
    await client.open;
    client.socket.send('not json');
    client.socket.send(JSON.stringify({ op: 'subscribe', topics: ['news', 'nobody'] }));
    await expect.poll(() => client.received.length).toBe(2);
    expect(client.received.find((m) => m.topic === 'nobody')).toMatchObject({ type: 'error' });
    expect(bus.listenerCount('nobody')).toBe(0);
    client.socket.send(JSON.stringify({ op: 'unsubscribe', topics: ['news'] }));
    await expect.poll(() => bus.listenerCount('news')).toBe(0);
    bus.publish({ topic: 'news', type: 'item' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.received).toHaveLength(2);
    client.socket.close();
  });

  it('delivers events published while the snapshot is read after it, in order', async () => {
    snapshotDelayMs = 100;
    const client = connect('?topics=news');
    await client.open;
    await expect.poll(() => bus.listenerCount('news')).toBe(1);
    bus.publish({ topic: 'news', type: 'item', n: 1 });
    bus.publish({ topic: 'news', type: 'item', n: 2 });
    await expect.poll(() => client.received.length).toBe(3);
    expect(client.received.map((m) => m.type)).toEqual(['snapshot', 'item', 'item']);
    expect(client.received.slice(1).map((m) => m.n)).toEqual([1, 2]);
    snapshotDelayMs = 0;
    client.socket.close();
  });

  it('writes the events of one flush window to a socket as one array, in order', async () => {
    const client = connect('?topics=news');
    await client.open;
    await expect.poll(() => client.received.length).toBe(1);
    bus.publish({ topic: 'news', type: 'item', n: 1 });
    bus.publish({ topic: 'news', type: 'item', n: 2 });
    bus.publish({ topic: 'news', type: 'item', n: 3 });
    await expect.poll(() => client.received.length).toBe(4);
    expect(client.frames).toHaveLength(2);
    expect(JSON.parse(client.frames[1]!).map((m: RealtimeMessage) => m.n)).toEqual([1, 2, 3]);
    // One event alone is itself, not an array.
    await new Promise((resolve) => setTimeout(resolve, 60));
    bus.publish({ topic: 'news', type: 'item', n: 4 });
    await expect.poll(() => client.frames.length).toBe(3);
    expect(JSON.parse(client.frames[2]!)).toMatchObject({ topic: 'news', n: 4 });
    client.socket.close();
  });

  it('gives each socket the events of its own topics in one window, sharing frames only between equal batches', async () => {
    const both = connect('?topics=news,news:sport');
    const sport = connect('?topics=news:sport');
    const alsoBoth = connect('?topics=news:sport,news');
    await Promise.all([both.open, sport.open, alsoBoth.open]);
    await expect.poll(() => [both, sport, alsoBoth].map((c) => c.received.length)).toEqual([2, 1, 2]);
    bus.publish({ topic: 'news', type: 'item', n: 0 });
    bus.publish({ topic: 'news:sport', type: 'item', n: 1 });
    bus.publish({ topic: 'news', type: 'item', n: 2 });
    bus.publish({ topic: 'news:sport', type: 'item', n: 3 });
    await expect.poll(() => [both, sport, alsoBoth].map((c) => c.received.length)).toEqual([6, 3, 6]);
    const numbers = (client: ReturnType<typeof connect>) =>
      client.received.filter((m) => m.type === 'item').map((m) => m.n);
    expect(numbers(both)).toEqual([0, 1, 2, 3]);
    expect(numbers(alsoBoth)).toEqual([0, 1, 2, 3]);
    expect(numbers(sport)).toEqual([1, 3]);
    // The same events in the same order: the same frame; the sport-only socket its own.
    expect(both.frames.at(-1)).toEqual(alsoBoth.frames.at(-1));
    expect(sport.frames.at(-1)).not.toEqual(both.frames.at(-1));
    for (const client of [both, sport, alsoBoth]) client.socket.close();
    await expect.poll(() => hub.size).toBe(0);
  });

  it('drops a socket that does not answer pings, and forgets its topics', async () => {
    const client = connect('?topics=news');
    await client.open;
    // A client whose pongs never come (ws answers pings by itself).
    client.socket.pong = () => {};
    await expect.poll(() => bus.listenerCount('news')).toBe(1);
    await new Promise((resolve) => client.socket.once('close', resolve));
    await expect.poll(() => bus.listenerCount('news')).toBe(0);
    expect(hub.size).toBe(0);
  });
});

describe('textFrame', () => {
  it('frames text the way ws does, for every length class', async () => {
    const { Sender } = (await import('ws')) as unknown as {
      Sender: { frame: (data: Buffer, options: object) => Buffer[] };
    };
    for (const size of [0, 5, 125, 126, 65_535, 65_536, 70_000]) {
      const text = 'é'.repeat(Math.floor(size / 2)) + 'x'.repeat(size % 2);
      const expected = Buffer.concat(
        Sender.frame(Buffer.from(text), { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
      );
      expect(textFrame(text).equals(expected), `size ${size}`).toBe(true);
    }
  });
});
