/**
 * What a date field's change event should apply, or undefined to wait. Chromium reports a change
 * at every keystroke that makes a date: typing the year 2026 gives 0002, 0020, 0202, then 2026
 * (issue 27 item 6). Only a date whose year has four digits of its own is applied while typing, and
 * '' only when the field was emptied on purpose: a half-filled one (a segment cleared to retype it)
 * reads '' too, but is badInput.
 */
export function typedDate(input: Pick<HTMLInputElement, 'value' | 'validity'>): string | undefined {
  const text = input.value;
  if (text === '') return input.validity.badInput ? undefined : '';
  return /^[1-9]\d{3}-\d{2}-\d{2}$/.test(text) ? text : undefined;
}
