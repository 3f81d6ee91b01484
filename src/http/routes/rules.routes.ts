import { changeField } from '../register-operations.js';
import { DomainError } from '../../domain/errors.js';
import type { NewRule, Rule } from '../../domain/rules/rule.js';
import type { RuleSuggestion } from '../../domain/rules/suggest.js';
import type { RuleChanges, RulesService } from '../../services/rules.service.js';
import type { BodyOf, OperationHandlers, Schemas } from '../operation-types.js';
import { presentTransaction } from '../presenters.js';

type Handlers = Pick<
  OperationHandlers,
  'listRules' | 'createRule' | 'updateRule' | 'deleteRule' | 'reorderRules' | 'previewRule' | 'applyRules' | 'suggestRules'
>;

/** Categorisation rules: managing them, their order, previewing and applying them, suggestions. */
export function ruleHandlers(rules: RulesService): Handlers {
  return {
    async listRules(_input, reply) {
      return reply.code(200).send((await rules.list()).map(presentRule));
    },

    async createRule({ body }, reply) {
      const rule = await rules.create(newRule(body));
      return reply.code(201).header('location', `/rules/${rule.id}`).send(presentRule(rule));
    },

    async updateRule({ params, body }, reply) {
      return reply.code(200).send(presentRule(await rules.update(Number(params.ruleId), ruleChanges(body))));
    },

    async deleteRule({ params }, reply) {
      await rules.remove(Number(params.ruleId));
      return reply.code(204).send();
    },

    async reorderRules({ body }, reply) {
      return reply.code(200).send((await rules.reorder(body.ids)).map(presentRule));
    },

    async previewRule({ body }, reply) {
      const which = previewedRule(body);
      const scope = { scope: body.scope ?? 'uncategorised', overwriteManual: body.overwriteManual ?? false };
      const preview = await rules.preview(which, scope, { limit: body.limit ?? 20, offset: body.offset ?? 0 });
      return reply.code(200).send({ count: preview.count, transactions: preview.transactions.map(presentTransaction) });
    },

    async applyRules({ body }, reply) {
      const report = await rules.apply({ dryRun: body.dryRun ?? false, scope: body.scope ?? 'uncategorised', overwriteManual: body.overwriteManual ?? false });
      return reply.code(200).send({
        dryRun: report.dryRun,
        examined: report.examined,
        changed: report.changed,
        rules: report.perRule.map(({ rule, changed }) => ({ ruleId: rule.id, category: rule.category, changed })),
        ...changeField(reply),
      });
    },

    async suggestRules({ query }, reply) {
      const suggestions = await rules.suggest({ minRows: query.minRows ?? 3, maxContradictionRate: query.maxContradictionRate ?? 0.05 });
      return reply.code(200).send(suggestions.map(presentSuggestion));
    },
  };
}

/** Conditions that are not set are left out, like a transaction's `bank`. */
export function presentRule(rule: Rule): Schemas['Rule'] {
  return {
    id: rule.id,
    category: rule.category,
    ...(rule.descriptionContains === null ? {} : { descriptionContains: rule.descriptionContains }),
    ...(rule.descriptionMatches === null ? {} : { descriptionMatches: rule.descriptionMatches }),
    ...(rule.minValue === null ? {} : { minValue: rule.minValue }),
    ...(rule.maxValue === null ? {} : { maxValue: rule.maxValue }),
    ...(rule.bank === null ? {} : { bank: rule.bank }),
    priority: rule.priority,
  };
}

function presentSuggestion(suggestion: RuleSuggestion): Schemas['RuleSuggestion'] {
  const { token, category, covers, contradicts, uncategorised } = suggestion;
  return { descriptionContains: token, category, covers, contradicts, uncategorised };
}

function newRule(body: BodyOf<'createRule'>): NewRule {
  return {
    category: body.category,
    descriptionContains: body.descriptionContains ?? null,
    descriptionMatches: body.descriptionMatches ?? null,
    minValue: body.minValue ?? null,
    maxValue: body.maxValue ?? null,
    bank: body.bank ?? null,
    priority: body.priority ?? 0,
  };
}

function ruleChanges(body: BodyOf<'updateRule'>): RuleChanges {
  return { ...body };
}

function previewedRule(body: BodyOf<'previewRule'>): { ruleId: number } | { rule: NewRule } {
  if ((body.ruleId === undefined) === (body.rule === undefined)) {
    const message = 'send exactly one of ruleId and rule';
    throw new DomainError('invalid', `ruleId, rule: ${message}`, [
      { in: 'body', name: 'ruleId', message },
      { in: 'body', name: 'rule', message },
    ]);
  }
  return body.rule === undefined ? { ruleId: Number(body.ruleId) } : { rule: newRule(body.rule) };
}
