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

/** The 200 serialiser of any operation of the contract, compiled as the app compiles it (as above). */
export async function responseSerialiser(operationId: string): Promise<(value: unknown) => string> {
  const schema = contractOperations().find((operation) => operation.operationId === operationId)?.responses['200'];
  if (schema === undefined) throw new Error(`the contract has no 200 response for ${operationId}`);
  const app = Fastify();
  let serialise: ((value: unknown) => string) | undefined;
  app.get('/', { schema: { response: { 200: schema } } }, async (_request, reply) => {
    serialise = reply.getSerializationFunction('200') as ((value: unknown) => string) | undefined;
    return {};
  });
  await app.inject({ method: 'GET', url: '/' });
  await app.close();
  if (serialise === undefined) throw new Error('Fastify compiled no 200 serialiser');
  return serialise;
}
