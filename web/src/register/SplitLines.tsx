import type { SplitLineBody } from '../lib/split-form.js';
import { formatAmount } from '../lib/format.js';

interface Props {
  lines: readonly SplitLineBody[] | null;
  locale: string;
}

/**
 * A split transaction's lines in place of its category, on the row's one line: a "Split" mark,
 * then each line's category (or none) and amount; the whole list in the title when it is cut.
 * Text, never HTML.
 */
export function SplitLines({ lines, locale }: Props) {
  const text = (lines ?? []).map((line) => `${line.category ?? 'Uncategorised'} ${formatAmount(line.amount, locale).text}${line.memo ? ` (${line.memo})` : ''}`).join(' · ');
  return (
    <span class="split-lines" title={text || undefined}>
      <span class="split-mark">Split</span>
      <span class="split-text">{lines ? text : '…'}</span>
    </span>
  );
}
