import type { World } from './fuzz-requests.js';

/**
 * What putSplit says in prose, and a schema cannot, made true of the fuzzer's valid requests (so a
 * 400 for them is still a failure; docs/transfers-and-splits.md): each amount is whole hundredths
 * (the world's accounts are EUR), and the lines add up exactly to the value of the transaction the
 * path names (when the world knows it: a seeded one; any other id is a 404).
 */
export function splitBodyAsDescribed(operationId: string, body: unknown, path: Record<string, unknown>, world: World): unknown {
  if (operationId !== 'putSplit' || typeof body !== 'object' || body === null) return body;
  const lines = (body as { lines?: Array<{ amount: number }> }).lines;
  const value = world.values?.[decodeURIComponent(String(path.transactionId))];
  if (!Array.isArray(lines) || lines.length === 0 || value === undefined) return body;
  // Small whole-cent amounts, the last line what is left of the value (in cents, so exact).
  const cents = lines.map((line) => Math.round(line.amount * 100) % 100_000);
  const left = Math.round(value * 100) - cents.slice(0, -1).reduce((sum, amount) => sum + amount, 0);
  cents[cents.length - 1] = left;
  return { ...body, lines: lines.map((line, index) => ({ ...line, amount: (cents[index] ?? 0) / 100 })) };
}
