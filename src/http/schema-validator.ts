import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldError, FieldLocation } from '../domain/errors.js';
import type { JsonSchema } from './contract.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const PATTERN_MESSAGE = 'x-pattern-message';

/**
 * One Ajv for the whole contract, configured stricter than a web framework's default:
 * nothing is coerced, nothing is removed, no defaults are injected into bodies, every
 * error is collected so a response can name every offending field.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    strict: true,
    strictTypes: false,
    verbose: true,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'example' });
  // What a failed `pattern` means, said in words (see describeOne).
  ajv.addKeyword({ keyword: PATTERN_MESSAGE });
  return ajv;
}

export function compileSchema(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  return ajv.compile(schema);
}

/**
 * Turns Ajv's errors into the contract's FieldError list: one entry per offending field,
 * named as a client wrote it (`category`, `value`), never as a JSON pointer.
 */
export function describeErrors(errors: ErrorObject[], location: FieldLocation, rootName: string): FieldError[] {
  // Errors inside a oneOf/anyOf are the alternatives that all failed: they are said together.
  const alternatives = new Set(
    errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf').map((error) => error.instancePath),
  );
  const fields = new Map<string, { messages: string[]; joinAlternatives: boolean }>();
  for (const error of errors) {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') continue;
    const { name, message } = describeOne(error, rootName);
    const field = fields.get(name) ?? { messages: [], joinAlternatives: alternatives.has(error.instancePath) };
    if (!field.messages.includes(message)) field.messages.push(message);
    fields.set(name, field);
  }
  return [...fields].map(([name, field]) => ({
    in: location,
    name,
    message: field.joinAlternatives ? field.messages.join(' or ') : (field.messages[0] ?? 'is invalid'),
  }));
}

function describeOne(error: ErrorObject, rootName: string): { name: string; message: string } {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const at = (child: string) => (path === '' ? child : `${path}.${child}`);
  switch (error.keyword) {
    case 'required':
      return { name: at(String(error.params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { name: at(String(error.params.additionalProperty)), message: 'is not an allowed property' };
    case 'minProperties': {
      const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return { name: path || known.join(',') || rootName, message: `nothing to update: set ${known.join(' or ')}` };
    }
    case 'type':
      if (path === '') return { name: rootName, message: `must be a JSON ${String(error.params.type)}` };
      return { name: path, message: `must be ${describeType(error.params.type)}` };
    case 'format':
      return { name: path || rootName, message: describeFormat(String(error.params.format)) };
    case 'pattern': {
      const explained = error.parentSchema?.[PATTERN_MESSAGE];
      return { name: path || rootName, message: typeof explained === 'string' ? explained : (error.message ?? 'is invalid') };
    }
    default:
      return { name: path || rootName, message: error.message ?? 'is invalid' };
  }
}

function describeType(type: unknown): string {
  const names = Array.isArray(type) ? type : [type];
  return names.map((name) => (name === 'null' ? 'null' : `a${/^[aeiou]/.test(String(name)) ? 'n' : ''} ${name}`)).join(' or ');
}

function describeFormat(format: string): string {
  if (format === 'date') return 'must be a real calendar date written YYYY-MM-DD';
  if (format === 'uuid') return 'must be a UUID';
  return `must match format "${format}"`;
}
