/**
 * The messages of one frame from the realtime hub (server/realtime/socket.ts): events written together
 * come as one JSON array, in their order.
 */
export function socketMessages(data: unknown): unknown[] {
  const parsed: unknown = JSON.parse(String(data));
  return Array.isArray(parsed) ? parsed : [parsed];
}
