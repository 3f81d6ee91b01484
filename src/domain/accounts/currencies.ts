// ISO 4217 currencies and their minor units: how many decimals an amount in each may have.
// The codes are the standard's active list (2025), with codes of currencies a recent
// statement may still be in (BGN, ANG) kept. Codes without minor units (precious metals,
// funds codes with "N.A.", XDR, XXX, XTS) are not currencies an account holds, and are left out.
import { decimalOf } from '../reports/exact-sum.js';

/** Codes whose minor unit is not 2 decimals. */
const NOT_TWO: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0,
  VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

const TWO = `
  AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD
  CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS
  GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL
  MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK
  PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS
  TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG
`.trim().split(/\s+/);

/** Every known code -> the decimals of its minor unit. */
export const CURRENCY_DECIMALS: ReadonlyMap<string, number> = new Map([
  ...TWO.map((code): [string, number] => [code, 2]),
  ...Object.entries(NOT_TWO),
]);

/** An ISO 4217 code Moneta knows (upper case, as the standard writes it). */
export function isCurrency(code: string): boolean {
  return CURRENCY_DECIMALS.has(code);
}

/** The decimals of the currency's minor unit; undefined for a code that is not a currency. */
export function currencyDecimals(code: string): number | undefined {
  return CURRENCY_DECIMALS.get(code);
}

/**
 * True when the value, read as the shortest decimal that reads back as the same double (what a
 * person or JSON wrote), has no more than `decimals` digits after the point: 0.1 + 0.2 (which
 * reads 0.30000000000000004) has 17, 1.1 has 1.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  return decimalOf(value).scale <= decimals;
}
