/** Seconds to wait when the server says nothing (a lost connection, a proxy's page without the header). */
export const DEFAULT_RETRY_SECONDS = 3;
/** The longest the app waits on its own; a person can always press "Retry now". */
export const MAX_RETRY_SECONDS = 120;

/** `Sun, 06 Nov 1994 08:49:37 GMT`: the HTTP-date form servers send (Date.parse alone takes "-5" as a year). */
const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * How long to wait before asking again, from a `Retry-After` header: delay-seconds or an
 * HTTP-date (RFC 9110 §10.2.3), at least 1 s and at most MAX_RETRY_SECONDS. Absent or unreadable:
 * DEFAULT_RETRY_SECONDS.
 */
export function retryAfterSeconds(header: string | null, now: number): number {
  const value = header?.trim() ?? '';
  let seconds: number | undefined;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else if (IMF_FIXDATE.test(value)) {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) seconds = Math.ceil((at - now) / 1000);
  }
  if (seconds === undefined) return DEFAULT_RETRY_SECONDS;
  return Math.min(MAX_RETRY_SECONDS, Math.max(1, seconds));
}

/**
 * How long one part of a screen waits before asking again after its `failures`-th failure in a
 * row: DEFAULT_RETRY_SECONDS doubled each time, never sooner than the server's Retry-After, at
 * most MAX_RETRY_SECONDS.
 */
export function backoffSeconds(failures: number, header: string | null, now: number): number {
  const doubled = DEFAULT_RETRY_SECONDS * 2 ** Math.max(0, failures - 1);
  return Math.min(MAX_RETRY_SECONDS, Math.max(header === null ? 1 : retryAfterSeconds(header, now), doubled));
}
