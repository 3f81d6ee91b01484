import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TransactionStream } from '../store/store.js';

/** Pages asking for more rows than this are streamed rather than built in memory. */
export const STREAMED_PAGE_LIMIT = 5000;

/**
 * Sends a page batch by batch, with the same bytes a buffered reply would have: each batch is a
 * JSON array the engine wrote as the route's serialiser would (TransactionStream.batches, as for
 * buffered pages), and the outer brackets and commas are stitched around the batches' items.
 * Memory stays at one batch, and other requests are served between batches.
 */
export async function sendStreamedPage(reply: FastifyReply, stream: TransactionStream): Promise<FastifyReply> {
  reply.header('x-total-count', String(stream.total));
  const first = await stream.batches.next();
  if (first.done === true) {
    await stream.batches.return();
    return reply.code(204).send();
  }
  const items = (batch: string) => batch.slice(1, -1);
  async function* body(): AsyncGenerator<string, void, undefined> {
    try {
      yield `[${items(first.value as string)}`;
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
