import { useEffect, useState } from 'preact/hooks';

export interface Outage {
  detail: string;
  /** Seconds to wait before asking again (the server's Retry-After, or the app's default). */
  retryAfter: number;
  /** Changes with every refusal, so a new one starts the countdown again. */
  serial: number;
}

/**
 * Says the server is not answering and counts down to the next try, which it then asks for
 * (`onRetry`); "Retry now" asks at once. It floats over the page instead of pushing it down: a
 * banner that shifts the layout makes a tap that was aimed while it appeared land on something else.
 */
export function OutageBanner({ outage, onRetry }: { outage: Outage; onRetry: () => void }) {
  const [left, setLeft] = useState(outage.retryAfter);
  useEffect(() => {
    setLeft(outage.retryAfter);
    let remaining = outage.retryAfter;
    const timer = setInterval(() => {
      remaining -= 1;
      setLeft(Math.max(0, remaining));
      if (remaining <= 0) {
        clearInterval(timer);
        onRetry();
      }
    }, 1000);
    return () => clearInterval(timer);
    // The countdown restarts for each refusal (serial), not for a new onRetry closure.
  }, [outage.serial, outage.retryAfter]);
  return (
    <div class="banner warning outage" role="alert" data-retry-in={left}>
      Moneta is not answering ({outage.detail}). {left > 0 ? `Retrying in ${left} s…` : 'Retrying…'}{' '}
      <button type="button" onClick={onRetry}>
        Retry now
      </button>
    </div>
  );
}
