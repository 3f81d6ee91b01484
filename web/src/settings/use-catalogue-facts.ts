import { useCallback, useEffect, useState } from 'preact/hooks';
import type { components } from '../../../src/http/contract.gen.js';
import { api } from '../api/client.js';
import type { Bank, Category } from '../api/types.js';
import { countsByCategory } from '../lib/catalogue.js';

export type Rule = components['schemas']['Rule'];
export type Group = components['schemas']['CategoryGroupListing'];

/** The catalogue as Settings manages it, with how many transactions each bank and category has. */
export interface CatalogueFacts {
  banks: Bank[];
  categories: Category[];
  groups: Group[];
  rules: Rule[];
  /** Transactions per bank id (from the totals report per bank); a bank not counted yet is absent. */
  bankCounts: Map<string, number>;
  /** Transactions per category name (from the by-category report over all time); null until it answers. */
  categoryCounts: Map<string, number> | null;
  /** False until the first answers arrive; the lists then stay while a reload runs. */
  loaded: boolean;
  /** Asks again after a change; the previous lists stay until the new ones arrive. */
  reload(): void;
}

type Loaded = Omit<CatalogueFacts, 'reload'>;

const EMPTY: Loaded = { banks: [], categories: [], groups: [], rules: [], bankCounts: new Map(), categoryCounts: null, loaded: false };

/** How long before asking again when a part did not answer (Moneta busy, 503): as the app's banner. */
const RETRY_MS = 3000;

/** A call that failed on the way is an answer without data, like a refusal. */
const settled = <T>(call: Promise<{ data?: T }>): Promise<{ data?: T }> => call.catch(() => ({}));

/** Everything asked afresh; a part that did not answer keeps what was known before, and the load says it is incomplete. */
async function loadFacts(previous: Loaded): Promise<{ facts: Loaded; complete: boolean }> {
  const [banks, categories, groups, rules, report] = await Promise.all([
    settled(api.GET('/banks')),
    settled(api.GET('/categories')),
    settled(api.GET('/manage/category-groups')),
    settled(api.GET('/rules')),
    settled(api.GET('/reports/categories', { params: { query: { period: 'all' } } })),
  ]);
  const bankList = banks.data ?? previous.banks;
  const totals = await Promise.all(bankList.map((bank) => settled(api.GET('/reports/totals', { params: { query: { bank: bank.id } } }))));
  const bankCounts = new Map<string, number>();
  bankList.forEach((bank, at) => {
    const counted = totals[at]?.data?.count ?? previous.bankCounts.get(bank.id);
    if (counted !== undefined) bankCounts.set(bank.id, counted);
  });
  const complete = [banks, categories, groups, rules, report, ...totals].every((answer) => answer.data !== undefined);
  return {
    complete,
    facts: {
      banks: bankList,
      categories: categories.data ?? previous.categories,
      groups: groups.data ?? previous.groups,
      rules: rules.data ?? previous.rules,
      bankCounts,
      categoryCounts: report.data ? countsByCategory(report.data) : previous.categoryCounts,
      loaded: true,
    },
  };
}

/**
 * The facts, asked for once `ready` (the server has said what this token may do): asked before,
 * without a token accepted, each would be refused 401, and a refusal arriving after the person
 * signed in would ask for the token again.
 */
export function useCatalogueFacts(ready: boolean): CatalogueFacts {
  const [facts, setFacts] = useState<Loaded>(EMPTY);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!ready) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void loadFacts(facts).then(({ facts: loaded, complete }) => {
      if (!current) return;
      setFacts(loaded);
      if (!complete) retry = setTimeout(() => setVersion((at) => at + 1), RETRY_MS);
    });
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [version, ready]);
  return { ...facts, reload: useCallback(() => setVersion((at) => at + 1), []) };
}
