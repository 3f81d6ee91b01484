import Fastify from 'fastify';
import { contractOperations } from '../../src/http/contract.js';

export type Serialise = (items: unknown[]) => string;

/**
 * The listTransactions 200 serialiser as the app has it: the function Fastify's own serialiser
 * compiler makes of the contract's response schema, which register-operations.ts passes to the
 * route unchanged (taken from a reply, where stream-page.ts takes it too).
 */
export async function listTransactionsSerialiser(): Promise<Serialise> {
  const schema = contractOperations().find((operation) => operation.operationId === 'listTransactions')?.responses['200'];
  if (schema === undefined) throw new Error('the contract has no 200 response for listTransactions');
  const app = Fastify();
  let serialise: Serialise | undefined;
  app.get('/', { schema: { response: { 200: schema } } }, async (_request, reply) => {
    serialise = reply.getSerializationFunction('200') as Serialise | undefined;
    return [];
  });
  await app.inject({ method: 'GET', url: '/' });
  await app.close();
  if (serialise === undefined) throw new Error('Fastify compiled no 200 serialiser');
  return serialise;
}
