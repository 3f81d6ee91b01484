const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an RFC 3339 full-date naming a real calendar day (2024-02-29 yes, 2023-02-29 no). */
export function isRealDate(text: string): boolean {
  const match = FULL_DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
