/**
 * The fixed vocabulary of the sample dataset: categories, banks, cities and the way each bank
 * prints a statement line. Merchants live in merchants.ts.
 */

/** How money moved; banks label each kind differently on a statement. */
export type PaymentKind = 'card' | 'debit' | 'income' | 'transfer' | 'plain';

export type Region = 'uk' | 'de' | 'nl' | 'us' | 'fr' | 'es' | 'ch' | 'any';

export interface CategorySpec {
  readonly name: string;
  readonly group?: string;
  /** Relative share of the non-recurring transactions; 0 means recurring only. */
  readonly share: number;
  /** Typical magnitude range in currency units; the sign comes from `sign`. */
  readonly min: number;
  readonly max: number;
  /** Prices are multiples of this many cents (coffee costs 3.45, not 3.47). */
  readonly stepCents: number;
  readonly sign: 1 | -1;
  readonly kind: PaymentKind;
}

const spend = (name: string, group: string | undefined, share: number, min: number, max: number, kind: PaymentKind = 'card', stepCents = 1): CategorySpec =>
  ({ name, group, share, min, max, stepCents, sign: -1, kind });

export const CATEGORY_SPECS: readonly CategorySpec[] = [
  spend('Rent', 'Housing', 0, 950, 1450, 'transfer', 1000),
  spend('Utilities', 'Housing', 1.5, 15, 180, 'debit'),
  spend('Groceries', 'Food', 22, 5, 150),
  spend('Restaurants', 'Food', 9, 8, 95),
  spend('Coffee', 'Food', 12, 2, 6, 'card', 5),
  spend('Fuel', 'Transport', 4, 25, 95),
  spend('Public transport', 'Transport', 8, 1.5, 60, 'card', 10),
  spend('Taxi', 'Transport', 3, 7, 45),
  spend('Clothing', 'Shopping', 4, 12, 180, 'card', 5),
  spend('Electronics', 'Shopping', 1.5, 15, 900),
  spend('Online shopping', 'Shopping', 11, 5, 200),
  spend('Streaming', 'Leisure', 2, 0.99, 19.99),
  spend('Travel', 'Leisure', 2, 35, 900),
  spend('Sports', 'Leisure', 2.5, 5, 80),
  { name: 'Salary', group: 'Income', share: 0, min: 2500, max: 3600, stepCents: 1, sign: 1, kind: 'income' },
  { name: 'Refunds', group: 'Income', share: 3, min: 3, max: 150, stepCents: 1, sign: 1, kind: 'income' },
  spend('Fees', 'Finance', 1.5, 1, 35, 'plain'),
  spend('Savings', 'Finance', 1, 25, 500, 'transfer', 500),
  spend('Insurance', 'Finance', 0.5, 10, 120, 'debit'),
  spend('Health', undefined, 3, 4, 120),
];

export interface BankSpec {
  readonly id: string;
  readonly name: string;
  readonly style: StatementStyle;
}

export type StatementStyle = 'uk' | 'de' | 'nl' | 'us' | 'fr' | 'es' | 'app';

/** Ordered so that the first few banks already mix statement styles. */
export const BANK_SPECS: readonly BankSpec[] = [
  { id: 'ing', name: 'ING', style: 'nl' },
  { id: 'monzo', name: 'Monzo Bank', style: 'uk' },
  { id: 'chase', name: 'Chase', style: 'us' },
  { id: 'deutsche-bank', name: 'Deutsche Bank', style: 'de' },
  { id: 'revolut', name: 'Revolut', style: 'app' },
  { id: 'barclays', name: 'Barclays', style: 'uk' },
  { id: 'n26', name: 'N26', style: 'de' },
  { id: 'bnp-paribas', name: 'BNP Paribas', style: 'fr' },
  { id: 'santander', name: 'Santander', style: 'es' },
  { id: 'wise', name: 'Wise', style: 'app' },
];

/**
 * Statement prefixes per style and kind; `{m}` is where the merchant text goes. Banks print the
 * same merchant consistently, so one prefix is chosen per (bank, merchant), not per row.
 */
export const STATEMENT_FORMATS: Readonly<Record<StatementStyle, Readonly<Record<PaymentKind, readonly string[]>>>> = {
  uk: {
    card: ['CARD PAYMENT TO {m}', '{m}', 'Card payment - {m}', 'CONTACTLESS {m}'],
    debit: ['DIRECT DEBIT {m}', 'DD {m}'],
    income: ['{m}', 'FASTER PAYMENT {m}', 'BANK GIRO CREDIT {m}'],
    transfer: ['STANDING ORDER {m}', 'FASTER PAYMENT {m}'],
    plain: ['{m}'],
  },
  de: {
    card: ['Kartenzahlung {m}', 'Debitkartenzahlung {m}', '{m}'],
    debit: ['SEPA-Lastschrift {m}', 'Lastschrift {m}'],
    income: ['SEPA-Gutschrift {m}', 'Gutschrift {m}'],
    transfer: ['Dauerauftrag {m}', 'SEPA-Überweisung {m}'],
    plain: ['Entgelt {m}', '{m}'],
  },
  nl: {
    card: ['BEA NR:{n5} {m}', 'Betaalpas {m}', '{m}'],
    debit: ['Incasso {m}', 'SEPA Incasso algemeen doorlopend {m}'],
    income: ['Bijschrijving {m}', '{m}'],
    transfer: ['Overboeking {m}', 'Periodieke overboeking {m}'],
    plain: ['{m}'],
  },
  us: {
    card: ['POS DEBIT {m}', 'DEBIT CARD PURCHASE {m}', '{m}', 'CHECKCARD {m}'],
    debit: ['ACH DEBIT {m}', 'AUTOPAY {m}'],
    income: ['DIRECT DEP {m}', 'ACH CREDIT {m}'],
    transfer: ['ONLINE TRANSFER {m}', '{m}'],
    plain: ['{m}'],
  },
  fr: {
    card: ['PAIEMENT CB {m}', 'CB {m}', '{m}'],
    debit: ['PRLV SEPA {m}', 'Prélèvement {m}'],
    income: ['VIR SEPA RECU {m}', 'Virement reçu {m}'],
    transfer: ['VIR PERMANENT {m}', 'Virement émis {m}'],
    plain: ['{m}', 'Frais {m}'],
  },
  es: {
    card: ['COMPRA TARJ. {m}', 'Pago con tarjeta {m}'],
    debit: ['RECIBO {m}', 'ADEUDO SEPA {m}'],
    income: ['TRANSFERENCIA RECIBIDA {m}', 'ABONO {m}'],
    transfer: ['TRANSFERENCIA {m}', 'Traspaso {m}'],
    plain: ['{m}', 'Comisión {m}'],
  },
  app: {
    card: ['{m}', 'Card payment - {m}'],
    debit: ['{m}', 'Direct debit - {m}'],
    income: ['{m}', 'Payment from {m}'],
    transfer: ['To {m}', '{m}'],
    plain: ['{m}'],
  },
};

export const CITIES: Readonly<Record<Exclude<Region, 'any'>, readonly string[]>> = {
  uk: ['London', 'Manchester', 'Bristol', 'Leeds', 'Edinburgh', 'Glasgow', 'Brighton', 'Cardiff'],
  de: ['Berlin', 'München', 'Köln', 'Hamburg', 'Düsseldorf', 'Frankfurt', 'Nürnberg', 'Leipzig'],
  nl: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Den Haag', 'Eindhoven', 'Groningen'],
  us: ['New York', 'San Francisco', 'Chicago', 'Seattle', 'Austin', 'Boston', 'Brooklyn'],
  fr: ['Paris', 'Lyon', 'Marseille', 'Nice', 'Bordeaux', 'Toulouse'],
  es: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Málaga', 'A Coruña'],
  ch: ['Zürich', 'Genève', 'Basel', 'Bern', 'Lausanne'],
};

export const MONTH_NAMES: readonly string[] = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
