/**
 * What the rules operations' descriptions say in prose, and a schema cannot: a rule has at least
 * one condition, at most one of the two description conditions, a safe pattern, a value range
 * that can hold and a bank that exists; a preview names a saved rule or an unsaved one, not both.
 * The fuzzer's valid requests are made to say the same, so a 400 for them is still a failure.
 */
type Body = Record<string, unknown>;

export function ruleBodyAsDescribed(operationId: string, body: unknown, banks: readonly string[], pick: number): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const drawn = body as Body;
  if (operationId === 'createRule') return describedRule(drawn, banks, pick);
  if (operationId === 'previewRule') {
    // A drawn ruleId rarely names a saved rule: preview an unsaved one.
    const { ruleId: _ruleId, rule, ...rest } = drawn;
    return { ...rest, rule: describedRule((rule ?? { category: 'Fuzzed' }) as Body, banks, pick) };
  }
  if (operationId === 'updateRule') {
    // Conditions depend on the saved rule (the last one may not go): change what always may.
    const kept = Object.fromEntries(Object.entries(drawn).filter(([key]) => key === 'category' || key === 'priority'));
    return Object.keys(kept).length > 0 ? kept : { category: 'Fuzzed' };
  }
  return body;
}

function describedRule(rule: Body, banks: readonly string[], pick: number): Body {
  const described: Body = { ...rule };
  // The top-level body is drawn to fit the limits in NFC; a nested rule's category is not.
  if (typeof described.category === 'string' && [...described.category.normalize('NFC')].length > 100) described.category = 'Fuzzed';
  // Its length counts in NFC, which a schema cannot say.
  if (typeof described.descriptionContains === 'string' && [...described.descriptionContains.normalize('NFC')].length > 200) described.descriptionContains = 'fuzz';
  // A drawn pattern may be invalid or exponential; the HTTP tests cover refusals.
  if (described.descriptionMatches !== undefined) described.descriptionMatches = described.descriptionContains === undefined ? '^fuzz' : undefined;
  if (described.bank !== undefined) described.bank = banks[pick % banks.length];
  const { minValue, maxValue } = described;
  if (typeof minValue === 'number' && typeof maxValue === 'number' && minValue > maxValue) described.maxValue = minValue;
  const conditions = ['descriptionContains', 'descriptionMatches', 'minValue', 'maxValue', 'bank'];
  if (!conditions.some((name) => described[name] !== undefined)) described.minValue = 0;
  return Object.fromEntries(Object.entries(described).filter(([, value]) => value !== undefined));
}
