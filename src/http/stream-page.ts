import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TransactionRecord } from '../domain/transaction.js';
import type { TransactionStream } from '../store/store.js';
import { presentTransaction } from './presenters.js';

/** Pages asking for more rows than this are streamed rather than built in memory. */
export const STREAMED_PAGE_LIMIT = 5000;

type Serialize = (payload: unknown) => string;

/**
 * Sends a page batch by batch, with the same bytes a buffered reply would have: each batch goes
 * through the route's own 200-response serialiser (so field order, escaping and number format
 * are the contract's), and the outer brackets and commas are stitched around the batches.
 * Memory stays at one batch, and other requests are served between batches.
 */
export async function sendStreamedPage(reply: FastifyReply, stream: TransactionStream): Promise<FastifyReply> {
  reply.header('x-total-count', String(stream.total));
  const first = await stream.batches.next();
  if (first.done === true || first.value.length === 0) {
    await stream.batches.return();
    return reply.code(204).send();
  }
  const serialize = reply.getSerializationFunction('200') as Serialize | undefined;
  if (!serialize) {
    await stream.batches.return();
    throw new Error('the listTransactions route has no 200 response serialiser');
  }
  const items = (batch: TransactionRecord[]) => {
    const array = serialize(batch.map(presentTransaction));
    return array.slice(1, -1);
  };
  async function* body(): AsyncGenerator<string, void, undefined> {
    try {
      yield `[${items(first.value as TransactionRecord[])}`;
      for await (const batch of stream.batches) yield `,${items(batch)}`;
      yield ']';
    } finally {
      await stream.batches.return();
    }
  }
  const readable = Readable.from(body(), { objectMode: false });
  // Cut short by its limits (StreamGate) while the client is still reading, or not reading at
  // all: the status is sent, so the connection is closed before the closing bracket.
  stream.signal?.addEventListener(
    'abort',
    () => {
      const reason = stream.signal?.reason as Error;
      reply.log.warn({ reason: reason.message }, 'streamed page cut off');
      readable.destroy(reason);
    },
    { once: true },
  );
  return reply.code(200).type('application/json; charset=utf-8').send(readable);
}
