import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { projectFile } from '../project-root.js';

/** A JSON Schema as it appears in the OpenAPI document (3.1: JSON Schema 2020-12). */
export type JsonSchema = { [keyword: string]: unknown };

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface OperationSpec {
  operationId: string;
  method: string;
  /** The OpenAPI path, e.g. /transactions/{transactionId}. */
  path: string;
  parameters: ParameterSpec[];
  body?: { required: boolean; schema: JsonSchema };
  /** The body is a file (a statement), not JSON: it reaches the handler as a stream (statement-body.ts). */
  fileBody?: boolean;
  /**
   * Whether it may change data, so needs a token that may write: every method but GET, HEAD and
   * OPTIONS, unless the contract marks the operation `x-writes: false` (a POST that only reads).
   */
  writes: boolean;
  /** Response body schemas by status code, for serialisation. */
  responses: Record<string, JsonSchema>;
}

export const CONTRACT_PATH = projectFile('openapi/moneta.yaml');

type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>> };

/** The contract exactly as written, for /openapi.json and the docs. */
export function loadContract(): OpenApiDocument {
  return parse(readFileSync(CONTRACT_PATH, 'utf8')) as OpenApiDocument;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Methods that never change data (a read-only token may use them on any operation). */
export const READ_METHODS = new Set(['get', 'head', 'options']);

/** Every operation of the contract with its `$ref`s resolved, ready to build validators from. */
export function contractOperations(document: OpenApiDocument = loadContract()): OperationSpec[] {
  const resolved = dereference(document, document) as OpenApiDocument;
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(resolved.paths)) {
    const shared = (item.parameters ?? []) as ParameterSpec[];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []) as ParameterSpec[];
      const content = (operation.requestBody as JsonSchema | undefined)?.content as Record<string, JsonSchema> | undefined;
      const bodySchema = content?.['application/json']?.schema as JsonSchema | undefined;
      const responses: Record<string, JsonSchema> = {};
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonSchema>)) {
        const schema = (response.content as Record<string, JsonSchema> | undefined)?.['application/json']?.schema;
        if (schema) responses[status] = schema as JsonSchema;
      }
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...own].map((parameter) => ({ ...parameter, required: parameter.required === true })),
        body: bodySchema
          ? { required: (operation.requestBody as JsonSchema).required === true, schema: bodySchema }
          : undefined,
        responses,
        writes: operation['x-writes'] === false ? false : !READ_METHODS.has(method),
        ...(content && !content['application/json'] ? { fileBody: true } : {}),
      });
    }
  }
  return operations;
}

/** Replaces local `#/...` references by copies of their targets (the contract has no cycles). */
function dereference(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, root));
  if (typeof node !== 'object' || node === null) return node;
  const record = node as JsonSchema;
  if (typeof record.$ref === 'string') {
    const target = record.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as JsonSchema)[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    const { $ref: _ignored, ...siblings } = record;
    return { ...(dereference(target, root) as JsonSchema), ...dereference(siblings, root) as JsonSchema };
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, dereference(value, root)]));
}

/** /transactions/{transactionId} -> /transactions/:transactionId */
export function toRouterPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
