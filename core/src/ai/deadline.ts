// One time budget for a whole task (all its model calls, retries and waits), cancelled early if the caller's own
// signal aborts. Each call gets the remaining time, so a slow first step leaves less to the later ones.
export class Deadline {
  readonly signal: AbortSignal;
  readonly endsAt: number;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly detach: () => void;

  constructor(ms: number, parent?: AbortSignal) {
    this.endsAt = Date.now() + ms;
    this.signal = this.controller.signal;
    this.timer = setTimeout(() => this.controller.abort(new DeadlineExceeded()), ms);
    this.timer.unref();
    const onParentAbort = () => this.controller.abort(parent?.reason);
    if (parent?.aborted) onParentAbort();
    parent?.addEventListener("abort", onParentAbort, { once: true });
    this.detach = () => parent?.removeEventListener("abort", onParentAbort);
  }

  remaining(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /** True when the budget ran out (as opposed to the caller cancelling). */
  get expired(): boolean {
    return this.signal.aborted && this.signal.reason instanceof DeadlineExceeded;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.detach();
  }
}

export class DeadlineExceeded extends Error {
  constructor() {
    super("deadline exceeded");
    this.name = "DeadlineExceeded";
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
