import type { JsonSchema } from './contract.js';

const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;

const FORMAT_RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

export type IntegerParse = { ok: true; value: number | bigint } | { ok: false; message: string };

/**
 * Reads an integer from a query or path parameter: canonical decimal only (no sign on zero,
 * no leading zeros, no `+`, spaces, exponents, fractions or hex), within the schema's format
 * and bounds, compared exactly. Values past 2^53 come back as bigint so they never round.
 */
export function parseIntegerParameter(text: string, schema: JsonSchema): IntegerParse {
  if (!CANONICAL_INTEGER.test(text) || !textPattern(schema).test(text)) return { ok: false, message: 'must be an integer written in decimal digits' };
  const value = BigInt(text);
  let [low, high] = FORMAT_RANGES[String(schema.format)] ?? FORMAT_RANGES.int64!;
  // Bounds beyond 2^53 are rounded once written as JSON numbers; the format range covers them.
  if (typeof schema.minimum === 'number' && Number.isSafeInteger(schema.minimum) && BigInt(schema.minimum) > low) {
    low = BigInt(schema.minimum);
  }
  if (typeof schema.maximum === 'number' && Number.isSafeInteger(schema.maximum) && BigInt(schema.maximum) < high) {
    high = BigInt(schema.maximum);
  }
  if (value < low) return { ok: false, message: `must be at least ${low}` };
  if (value > high) return { ok: false, message: `must be at most ${high}` };
  const asNumber = Number(value);
  return { ok: true, value: Number.isSafeInteger(asNumber) ? asNumber : value };
}

const patterns = new Map<string, RegExp>();

/**
 * The contract writes the canonical form as the parameter's `pattern` (which applies to the text
 * as sent); the built-in form is the floor, so a schema cannot loosen it.
 */
function textPattern(schema: JsonSchema): RegExp {
  if (typeof schema.pattern !== 'string') return CANONICAL_INTEGER;
  let pattern = patterns.get(schema.pattern);
  if (!pattern) patterns.set(schema.pattern, (pattern = new RegExp(schema.pattern, 'u')));
  return pattern;
}
