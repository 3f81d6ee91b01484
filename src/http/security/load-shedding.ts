import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The event loop's delay over the window since the last reading, in ms; each reading starts a new window. */
export interface DelaySampler {
  read(): number;
  close(): void;
}

/**
 * Node's own event-loop delay histogram (perf_hooks), read as the window's mean. The first window
 * of a process holds its start-up (module loading, compiling the contract's validators), which is
 * not load: LoadShedder never acts on it.
 */
export function eventLoopSampler(): DelaySampler {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    read() {
      const mean = Number.isNaN(histogram.mean) ? 0 : histogram.mean / 1e6;
      histogram.reset();
      // The sampling timer's own resolution is not delay.
      return Math.max(0, mean - 10);
    },
    close() {
      histogram.disable();
    },
  };
}

export interface LoadShedderOptions {
  /** Event-loop delay above which requests may be shed; 0: never. */
  maxDelayMs: number;
  /**
   * Requests in flight from which a slow event loop is this server's own backlog. Below it a slow
   * loop is other work on the machine (a benchmark, a browser, a build): refusing the few requests
   * this server has would not speed anything up, so they are served.
   */
  busyInFlight: number;
  sampler: DelaySampler;
}

/**
 * Sheds load when this server is overloaded: its event loop is slow *and* its own requests are
 * queueing. Issue 28 item 6: under-pressure refused 24 of 95 requests of a conformance run (one
 * request at a time) on a machine at load average 12, right after start: its first window held the
 * server's own start-up, and a loop slowed by other processes refused requests whatever this
 * server was doing. Here the first reading is dropped, and a slow loop refuses only while
 * `busyInFlight` or more requests are in flight. `update()` is called on a timer by the app (each
 * second), by tests directly.
 */
export class LoadShedder {
  private delayMs = 0;
  private started = false;

  constructor(private readonly options: LoadShedderOptions) {}

  /** Takes a reading; the first one (the process's start-up) is dropped. */
  update(): void {
    const delay = this.options.sampler.read();
    if (!this.started) {
      this.started = true;
      return;
    }
    this.delayMs = delay;
  }

  /** Why a new request is refused, with `inFlight` requests being handled, or null. */
  refusal(inFlight: number): string | null {
    if (this.options.maxDelayMs <= 0 || this.delayMs <= this.options.maxDelayMs || inFlight < this.options.busyInFlight) return null;
    return `the server is overloaded (its event loop is ${Math.round(this.delayMs)} ms late with ${inFlight} requests in flight)`;
  }

  close(): void {
    this.options.sampler.close();
  }
}
