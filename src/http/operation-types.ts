import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations, Readable, Writable } from './contract.gen.js';

/**
 * Types generated from the contract: a handler that disagrees with it does not compile.
 * HEAD operations (`head...`) have no handler of their own: Fastify answers them from the GET.
 */
export type OperationId = Exclude<keyof operations, `head${string}`>;
/** Schemas as responses show them: read-only properties (a transaction's id) included. */
export type Schemas = { [K in keyof components['schemas']]: Readable<components['schemas'][K]> };

type ParametersOf<K extends OperationId> = operations[K]['parameters'];
/** Integers past 2^53 arrive as bigint (see integer-parameter.ts). */
type Int64<T> = { [P in keyof T]: T[P] extends number ? number | bigint : T[P] };

/** After validation, parameters with a default always have a value. */
export type QueryOf<K extends OperationId> = ParametersOf<K> extends { query?: infer Q } ? NonNullable<Q> : never;
export type PathOf<K extends OperationId> = ParametersOf<K> extends { path: infer P } ? Int64<P> : never;
export type HeadersOf<K extends OperationId> = ParametersOf<K> extends { header?: infer H } ? NonNullable<H> : never;
/** Request bodies as clients send them: read-only properties left out. */
export type BodyOf<K extends OperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } }
  ? Writable<B>
  : undefined;

export interface OperationInput<K extends OperationId> {
  query: QueryOf<K>;
  params: PathOf<K>;
  headers: HeadersOf<K>;
  body: BodyOf<K>;
}

export type OperationHandler<K extends OperationId> = (
  input: OperationInput<K>,
  reply: FastifyReply,
  request: FastifyRequest,
) => Promise<unknown>;

/** One handler per operation of the contract; a missing one is a compile error. */
export type OperationHandlers = { [K in OperationId]: OperationHandler<K> };
