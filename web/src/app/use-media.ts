import { useEffect, useState } from 'preact/hooks';

/** A phone's layout: the same breakpoint as styles.css's `@media (max-width: 700px)`. */
export const PHONE_QUERY = '(max-width: 700px)';

/** Whether a media query matches now, following its changes (a rotated phone, a resized window). */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
