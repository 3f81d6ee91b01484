/**
 * Monthly items: salary, rent, bills and subscriptions. Each slot picks `pick` of its candidates
 * per dataset (seeded), and those then appear on the same day every month. Slots are listed in
 * priority order: small datasets keep the first slots and drop the rest (see planRecurring).
 */
import type { PaymentKind } from './catalogue.js';

export interface RecurringCandidate {
  readonly template: string;
  readonly day: number;
  readonly min: number;
  readonly max: number;
}

export interface RecurringSlot {
  readonly category: string;
  readonly kind: PaymentKind;
  readonly pick: number;
  /** Bills like phone vary each month; rent and subscriptions do not. */
  readonly varies: boolean;
  /** Applied each January, so salaries grow over a multi-year dataset. */
  readonly yearlyRaise: number;
  /** Salary and rent land on the main account; subscriptions are spread over the banks. */
  readonly mainBank: boolean;
  readonly candidates: readonly RecurringCandidate[];
}

const at = (day: number, min: number, max: number, template: string): RecurringCandidate => ({ template, day, min, max });

export const RECURRING_SLOTS: readonly RecurringSlot[] = [
  {
    category: 'Salary', kind: 'income', pick: 1, varies: false, yearlyRaise: 0.03, mainBank: true,
    candidates: [
      at(25, 2500, 3400, 'Salary ACME GmbH {month}'),
      at(25, 2500, 3400, 'GLOBEX LTD SALARY {mm}/{year}'),
      at(24, 2500, 3400, 'Salaris Initech B.V. {month} {year}'),
      at(27, 2500, 3400, 'Lohn/Gehalt {mm}/{year} Müller & Söhne KG'),
      at(28, 2500, 3400, 'PAYROLL UMBRELLA CORP {ref}'),
    ],
  },
  {
    category: 'Rent', kind: 'transfer', pick: 1, varies: false, yearlyRaise: 0, mainBank: true,
    candidates: [
      at(1, 950, 1450, 'Miete {month} Hausverwaltung Schröder'),
      at(1, 950, 1450, 'Rent {month} Foxtons Lettings'),
      at(1, 950, 1450, 'Huur {mm}-{year} Vesteda'),
      at(1, 950, 1450, 'RENT GREYSTAR APT 4B {mm}/{year}'),
    ],
  },
  {
    category: 'Utilities', kind: 'debit', pick: 1, varies: false, yearlyRaise: 0.05, mainBank: true,
    candidates: [
      at(10, 60, 140, 'OCTOPUS ENERGY {ref}'),
      at(10, 60, 140, 'Vattenfall Abschlag {mm}/{year}'),
      at(12, 60, 140, 'EDF ENERGY {ref}'),
      at(8, 60, 140, 'Eneco Termijnbedrag {month}'),
    ],
  },
  {
    category: 'Streaming', kind: 'debit', pick: 3, varies: false, yearlyRaise: 0, mainBank: false,
    candidates: [
      at(14, 12.99, 12.99, 'NETFLIX.COM'),
      at(3, 10.99, 10.99, 'Spotify P{ref}'),
      at(20, 8.99, 8.99, 'DisneyPlus {ref}'),
      at(7, 8.99, 8.99, 'Amazon Prime*{ref}'),
      at(11, 12.99, 12.99, 'GOOGLE *YouTube Premium'),
      at(18, 9.99, 9.99, 'APPLE.COM/BILL'),
      at(22, 29.99, 29.99, 'DAZN Limited'),
    ],
  },
  {
    category: 'Utilities', kind: 'debit', pick: 1, varies: true, yearlyRaise: 0, mainBank: true,
    candidates: [
      at(15, 15, 45, 'Vodafone GmbH {ref}'),
      at(15, 15, 45, 'O2 UK {ref}'),
      at(16, 15, 45, 'T-MOBILE USA AUTOPAY'),
      at(17, 15, 45, 'KPN Mobiel {ref}'),
    ],
  },
  {
    category: 'Insurance', kind: 'debit', pick: 1, varies: false, yearlyRaise: 0.02, mainBank: true,
    candidates: [
      at(5, 20, 90, 'Allianz Versicherungs-AG {ref}'),
      at(5, 20, 90, 'AVIVA INSURANCE {ref}'),
      at(6, 20, 90, 'Centraal Beheer {ref}'),
      at(4, 20, 90, 'HUK-COBURG {ref}'),
    ],
  },
  {
    category: 'Sports', kind: 'debit', pick: 1, varies: false, yearlyRaise: 0, mainBank: false,
    candidates: [
      at(2, 24.99, 24.99, 'PUREGYM LTD'),
      at(2, 19.99, 19.99, 'McFit GmbH'),
      at(2, 29.99, 29.99, 'Basic-Fit Nederland'),
      at(2, 49, 49, 'Urban Sports Club'),
    ],
  },
  {
    category: 'Savings', kind: 'transfer', pick: 1, varies: false, yearlyRaise: 0, mainBank: true,
    candidates: [
      at(26, 100, 500, 'Transfer to Savings'),
      at(26, 100, 500, 'Sparplan ETF Depot {ref}'),
      at(26, 100, 500, 'ISA STANDING ORDER'),
    ],
  },
];
