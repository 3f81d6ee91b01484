import type { components, paths, Readable } from '../../../src/http/contract.gen.js';

/** The contract's shapes as the API sends them (read-only properties such as `id` included). */
export type Transaction = Readable<components['schemas']['Transaction']>;
export type Category = components['schemas']['Category'];
export type Bank = components['schemas']['Bank'];
export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];
export type ListQuery = NonNullable<paths['/transactions']['get']['parameters']['query']>;
export type { paths };
