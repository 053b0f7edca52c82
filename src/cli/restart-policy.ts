/** Settings of the replacement of a worker that died. */
export interface RestartPolicyOptions {
  /** The first delay; each failure in a row doubles it. */
  baseMs: number
  maxMs: number
  /** Failures in a row after which the primary stops replacing and exits with 1. */
  limit: number
}

export const defaultRestartPolicy: RestartPolicyOptions = { baseMs: 250, maxMs: 30_000, limit: 10 }

/** How long a replacement must serve before the failures in a row count from zero again. */
export const STABLE_MS = 10_000

/**
 * Exponential back-off for replacing workers: 250 ms, 500 ms, 1 s, ... up to 30 s, and after
 * `limit` failures in a row, none: a worker that dies at every start is a crash loop, which a
 * process supervisor (systemd, Kubernetes) handles better than a tight restart loop.
 */
export class RestartPolicy {
  failures = 0
  constructor(private readonly options: RestartPolicyOptions = defaultRestartPolicy) {}

  /** The delay before the next replacement, or null when the limit is reached. */
  next(): number | null {
    this.failures++
    if (this.failures > this.options.limit) return null
    return Math.min(this.options.baseMs * 2 ** (this.failures - 1), this.options.maxMs)
  }

  /** A replacement has served for STABLE_MS. */
  stable(): void {
    this.failures = 0
  }
}
