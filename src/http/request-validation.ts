import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { describeFields, type FieldError } from '../domain/errors.js';
import { forbiddenCharacterIn } from '../domain/text.js';
import type { JsonSchema, OperationSpec, ParameterSpec } from './contract.js';
import { parseIntegerParameter } from './integer-parameter.js';
import { parseNumberParameter } from './number-parameter.js';
import { QUERY_PROBLEMS, type ParsedQuery } from './query-string.js';
import { compileSchema, describeErrors } from './schema-validator.js';

export interface ValidatedInput {
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  /** Header parameters of the contract, under the name the contract spells. */
  headers: Record<string, unknown>;
  body: unknown;
}

export interface RawInput {
  query: ParsedQuery;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export class RequestValidationError extends Error {
  /**
   * 400; 408 for a file body that stopped arriving; 413 for a file body past its limit; 415 for
   * a body the server cannot read at all (a Content-Encoding it does not decode).
   */
  constructor(
    readonly fields: FieldError[],
    readonly status: 400 | 408 | 413 | 415 = 400,
  ) {
    super(describeFields(fields));
    this.name = 'RequestValidationError';
  }
}

interface CompiledParameter {
  spec: ParameterSpec;
  isInteger: boolean;
  isNumber: boolean;
  isBoolean: boolean;
  validate: ValidateFunction;
}

/**
 * Builds, from one operation of the contract, the function that checks a request and returns
 * its typed input. Runs before any handler; throws RequestValidationError naming every field.
 */
export function compileRequestValidator(ajv: Ajv2020, operation: OperationSpec): (raw: RawInput) => ValidatedInput {
  const parameters: CompiledParameter[] = operation.parameters.map((spec) => ({
    spec,
    isInteger: spec.schema.type === 'integer',
    isNumber: spec.schema.type === 'number',
    isBoolean: spec.schema.type === 'boolean',
    validate: compileSchema(ajv, spec.schema),
  }));
  const queryNames = new Set(parameters.filter((p) => p.spec.in === 'query').map((p) => p.spec.name));
  const validateBody = operation.body ? compileSchema(ajv, asRequestSchema(operation.body.schema)) : undefined;

  return (raw) => {
    const problems: FieldError[] = [...(raw.query[QUERY_PROBLEMS] ?? [])];
    for (const name of Object.keys(raw.query)) {
      if (!queryNames.has(name)) problems.push({ in: 'query', name, message: 'is not a parameter of this operation' });
    }
    const query: Record<string, unknown> = {};
    const params: Record<string, unknown> = {};
    const headers: Record<string, unknown> = {};
    for (const parameter of parameters) {
      const { spec } = parameter;
      const target = spec.in === 'query' ? query : spec.in === 'path' ? params : headers;
      const text = spec.in === 'header' ? headerText(raw.headers, spec.name) : ownText(spec.in === 'query' ? raw.query : raw.params, spec.name);
      if (text === undefined) {
        if (spec.required) problems.push({ in: spec.in, name: spec.name, message: 'is required' });
        else if (spec.schema.default !== undefined) target[spec.name] = spec.schema.default;
        continue;
      }
      if (problems.some((problem) => problem.in === spec.in && problem.name === spec.name)) continue;
      const checked = checkParameter(parameter, text);
      if ('message' in checked) problems.push({ in: spec.in, name: spec.name, message: checked.message });
      else target[spec.name] = checked.value;
    }
    const body = operation.body ? checkBody(operation.body.required, validateBody!, raw.body, problems) : undefined;
    if (problems.length > 0) throw new RequestValidationError(problems);
    return { query, params, headers, body };
  };
}

function ownText(source: Record<string, string | undefined>, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(source, name) ? source[name] : undefined;
}

/** Node lower-cases header names; a header sent twice arrives as an array (or comma-joined). */
function headerText(headers: RawInput['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function checkParameter(parameter: CompiledParameter, text: string): { value: unknown } | { message: string } {
  const forbidden = forbiddenCharacterIn(text);
  if (forbidden) return { message: forbidden };
  if (parameter.isInteger) {
    const parsed = parseIntegerParameter(text, parameter.spec.schema);
    return parsed.ok ? { value: parsed.value } : { message: parsed.message };
  }
  // A boolean is exactly `true` or `false` (not 1, yes, TRUE or empty).
  if (parameter.isBoolean) return text === 'true' || text === 'false' ? { value: text === 'true' } : { message: 'must be true or false' };
  // A number is read from its text first; the schema (its bounds) then checks the number.
  const value = parameter.isNumber ? parseNumberParameter(text) : { ok: true as const, value: text };
  if (!value.ok) return { message: value.message };
  if (!parameter.validate(value.value)) {
    const [first] = describeErrors(parameter.validate.errors ?? [], parameter.spec.in, parameter.spec.name);
    return { message: first?.message ?? 'is invalid' };
  }
  return { value: value.value };
}

function checkBody(required: boolean, validate: ValidateFunction, body: unknown, problems: FieldError[]): unknown {
  if (body === undefined) {
    if (required) problems.push({ in: 'body', name: 'body', message: 'is required: send a JSON object with Content-Type application/json' });
    return undefined;
  }
  if (!validate(body)) problems.push(...describeErrors(validate.errors ?? [], 'body', 'body'));
  return body;
}

/**
 * OpenAPI's reading of `readOnly`: a read-only property (a transaction's id) is required in
 * responses only. A request may leave it out (it is still validated, and ignored, when sent).
 */
export function asRequestSchema(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item: unknown) => asRequestSchema(item as JsonSchema)) as unknown as JsonSchema;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    copy[keyword] = typeof value === 'object' && value !== null ? asRequestSchema(value as JsonSchema) : value;
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (Array.isArray(schema.required) && properties) {
    copy.required = (schema.required as string[]).filter((name) => properties[name]?.readOnly !== true);
  }
  return copy;
}

export type { JsonSchema };
