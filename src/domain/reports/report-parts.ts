import { ExactSum } from './exact-sum.js';

/** What a report groups by (see ReportsRepository.parts); none of them: one total. */
export interface ReportGrouping {
  month: boolean;
  category: boolean;
  /** By folded description (payees are made from them); always read by a scan. */
  description: boolean;
}

/**
 * A part of a report as the store reads it, in one snapshot. Either a group's totals (`value`
 * null): its transactions and the sums of their whole-cent values, positive and negative, as
 * integer text; or one transaction whose value is not a whole number of cents (`value` set,
 * `count` 0: its group's part counts it), to be added exactly. A group may come in several
 * parts; adding them all up gives its totals.
 */
export interface ReportPart {
  /** 'YYYY-MM' when grouped by month. */
  month: string | null;
  /** Null for uncategorised, and when not grouped by category. */
  category: string | null;
  /** The category's group, when it has one. */
  group: string | null;
  descriptionFolded: string | null;
  count: number;
  incomeCents: string;
  expensesCents: string;
  value: number | null;
}

/** Totals of a set of transactions: income is the sum of positive values, expenses of negative ones (so negative), net both. */
export interface Totals {
  count: number;
  income: number;
  expenses: number;
  net: number;
}

/** Adds up report parts exactly (ExactSum); each total rounds once, when read. */
export class TotalsAccumulator {
  private count = 0;
  private readonly income = new ExactSum();
  private readonly expenses = new ExactSum();

  add(part: ReportPart): void {
    this.count += part.count;
    this.income.addCents(part.incomeCents);
    this.expenses.addCents(part.expensesCents);
    if (part.value !== null) (part.value > 0 ? this.income : this.expenses).addValue(part.value);
  }

  addAll(other: TotalsAccumulator): void {
    this.count += other.count;
    this.income.addSum(other.income);
    this.expenses.addSum(other.expenses);
  }

  get transactions(): number {
    return this.count;
  }

  totals(): Totals {
    const net = new ExactSum();
    net.addSum(this.income);
    net.addSum(this.expenses);
    return { count: this.count, income: this.income.toNumber(), expenses: this.expenses.toNumber(), net: net.toNumber() };
  }
}

/** Accumulators by key, in first-seen order. */
export class TotalsByKey<K> {
  private readonly groups = new Map<string, { key: K; totals: TotalsAccumulator }>();

  constructor(private readonly id: (key: K) => string) {}

  add(key: K, part: ReportPart): void {
    this.get(key).add(part);
  }

  get(key: K): TotalsAccumulator {
    const id = this.id(key);
    let group = this.groups.get(id);
    if (!group) this.groups.set(id, (group = { key, totals: new TotalsAccumulator() }));
    return group.totals;
  }

  entries(): Array<{ key: K; totals: TotalsAccumulator }> {
    return [...this.groups.values()];
  }
}
