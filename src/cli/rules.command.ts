import type { Command } from 'commander';
import type { StoreFlags } from '../config.js';
import { unusableRulePattern, type Rule } from '../domain/rules/rule.js';
import type { RuleInput } from '../domain/rules/rule-input.js';
import { RulesService } from '../services/rules.service.js';
import { addStoreOptions, printTable, say, UsageError, withStore } from './cli-support.js';
import { jsonForTerminal } from './terminal-text.js';

export function registerRulesCommand(program: Command): void {
  const rules = program
    .command('rules')
    .description('Automatic categorisation: rules give transactions created without a category one (API and import)');

  addStoreOptions(
    rules
      .command('add')
      .description('Add a rule; matching ignores case and accents')
      .requiredOption('--category <name>', 'the category matching transactions get')
      .option('--description-contains <text>', 'the description contains this text')
      .option('--description-matches <regex>', 'the description matches this regular expression (at most 200 characters, no nested repetition)')
      .option('--min-value <x>', 'value at least x (negative = money out)')
      .option('--max-value <y>', 'value at most y')
      .option('--bank <id>', 'only transactions of this bank')
      .option('--priority <n>', 'higher applies first (default 0; ties: the older rule first)'),
  )
    .addHelpText('after', '\nExample:\n  moneta rules add --category Groceries --description-contains rewe --max-value 0')
    .action(async (flags: StoreFlags & RuleInput) => {
      await withStore(flags, 'create', async (store) => {
        const rule = await new RulesService(store).add(flags);
        say(`added rule ${rule.id}: ${describeRule(rule)}`);
      });
    });

  addStoreOptions(rules.command('list').description('List the rules in the order they apply').option('--json', 'print JSON')).action(
    async (flags: StoreFlags & { json?: boolean }) => {
      await withStore(flags, 'existing', async (store) => {
        const all = await new RulesService(store).list();
        if (flags.json) process.stdout.write(`${jsonForTerminal(all)}\n`);
        else if (all.length === 0) process.stdout.write('no rules yet: add one with `moneta rules add --category <name> --description-contains <text>`\n');
        else printTable(['ID', 'PRIORITY', 'CATEGORY', 'WHEN'], all.map((rule) => [String(rule.id), String(rule.priority), rule.category, conditions(rule)]));
      });
    },
  );

  addStoreOptions(rules.command('remove <id>').description('Remove a rule')).action(async (id: string, flags: StoreFlags) => {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`rule id must be a positive whole number (got "${id}")`);
    await withStore(flags, 'existing', async (store) => {
      await new RulesService(store).remove(Number(id));
      process.stdout.write(`removed rule ${id}\n`);
    });
  });

  addStoreOptions(
    rules
      .command('apply')
      .description('Apply the rules to uncategorised transactions and print how many each rule changed')
      .option('--dry-run', 'only count, change nothing')
      .option('--recategorise', 'also transactions that have a category a rule or an import chose (a rule that matches replaces it)')
      .option('--overwrite-manual', 'with --recategorise, also transactions whose category a person set'),
  ).action(async (flags: StoreFlags & { dryRun?: boolean; recategorise?: boolean; overwriteManual?: boolean }) => {
    await withStore(flags, 'existing', async (store) => {
      const report = await new RulesService(store).apply({
        dryRun: flags.dryRun ?? false,
        scope: flags.recategorise ? 'all' : 'uncategorised',
        overwriteManual: flags.overwriteManual ?? false,
      });
      const verb = flags.dryRun ? 'WOULD CHANGE' : 'CHANGED';
      if (report.perRule.length === 0) {
        process.stdout.write('no rules yet: add one with `moneta rules add`\n');
        return;
      }
      printTable(['RULE', 'CATEGORY', 'WHEN', verb], report.perRule.map(({ rule, changed }) => [String(rule.id), rule.category, conditions(rule), String(changed)]));
      process.stdout.write(
        `${flags.dryRun ? 'dry run: ' : ''}${report.changed} of ${report.examined} ${flags.recategorise ? '' : 'uncategorised '}transactions ${flags.dryRun ? 'would change' : 'changed'}\n`,
      );
    });
  });

  addStoreOptions(
    rules
      .command('suggest')
      .description('Propose rules learned from categorised transactions (creates nothing)')
      .option('--min-rows <n>', 'fewest agreeing transactions for a suggestion', '3')
      .option('--limit <n>', 'most suggestions shown', '20')
      .option('--json', 'print JSON'),
  ).action(async (flags: StoreFlags & { minRows: string; limit: string; json?: boolean }) => {
    const minRows = positive('--min-rows', flags.minRows);
    const limit = positive('--limit', flags.limit);
    await withStore(flags, 'existing', async (store) => {
      const suggestions = (await new RulesService(store).suggest({ minRows })).slice(0, limit);
      if (flags.json) {
        process.stdout.write(`${jsonForTerminal(suggestions)}\n`);
        return;
      }
      if (suggestions.length === 0) {
        process.stdout.write('no suggestions: categorise a few transactions of a merchant first\n');
        return;
      }
      printTable(
        ['DESCRIPTION CONTAINS', 'CATEGORY', 'COVERS', 'CONTRADICTS', 'UNCATEGORISED', 'TO CREATE IT'],
        suggestions.map((s) => [
          s.token,
          s.category,
          String(s.covers),
          String(s.contradicts),
          String(s.uncategorised),
          `moneta rules add --category ${shellQuote(s.category)} --description-contains ${shellQuote(s.token)}`,
        ]),
      );
    });
  });
}

function positive(name: string, text: string): number {
  if (!/^[1-9]\d{0,6}$/.test(text)) throw new UsageError(`${name} must be a positive whole number (got "${text}")`);
  return Number(text);
}

function conditions(rule: Rule): string {
  const parts: string[] = [];
  if (rule.descriptionContains !== null) parts.push(`description contains ${JSON.stringify(rule.descriptionContains)}`);
  if (rule.descriptionMatches !== null) {
    const unusable = unusableRulePattern(rule);
    parts.push(`description matches /${rule.descriptionMatches}/${unusable === null ? '' : ` (matches nothing: the pattern ${unusable})`}`);
  }
  if (rule.minValue !== null) parts.push(`value >= ${rule.minValue}`);
  if (rule.maxValue !== null) parts.push(`value <= ${rule.maxValue}`);
  if (rule.bank !== null) parts.push(`bank ${rule.bank}`);
  return parts.join(' and ');
}

function describeRule(rule: Rule): string {
  return `${conditions(rule)} -> ${rule.category} (priority ${rule.priority})`;
}

function shellQuote(text: string): string {
  return /^[\w.-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
