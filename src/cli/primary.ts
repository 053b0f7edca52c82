import cluster, { type Address, type Worker } from 'node:cluster'
import { type ArborLogger, arbor } from '../index.ts'
import type { CliArgs } from './args.ts'
import { loggerFor } from './logging.ts'
import { RestartPolicy, STABLE_MS } from './restart-policy.ts'
import type { WorkerMessage } from './worker.ts'

/** Past the workers' own grace period, the primary kills what is left. */
const KILL_AFTER_GRACE_MS = 5000

function urlOf(address: Address): string {
  const host = address.address ?? '127.0.0.1'
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
}

/**
 * The primary of `arbor start --workers N`: forks N workers of the same command line through
 * node:cluster (which shares the port: the primary accepts and hands connections round-robin),
 * replaces a worker that dies with back-off, drains them all on SIGTERM/SIGINT, and on SIGHUP
 * restarts them one at a time. It serves no request itself.
 */
export class Primary {
  private readonly workers = new Set<Worker>()
  /** Workers the primary is stopping: their exit is no failure. */
  private readonly leaving = new WeakSet<Worker>()
  /** New workers of a rolling restart: one that fails to start ends the restart, unreplaced. */
  private readonly trial = new WeakSet<Worker>()
  private readonly listened = new WeakSet<Worker>()
  private readonly pending = new Set<NodeJS.Timeout>()
  private readonly policy = new RestartPolicy()
  private phase: 'starting' | 'running' | 'stopping' = 'starting'
  private exitCode = 0
  private restarting = false
  private readonly log: ArborLogger

  constructor(private readonly args: CliArgs) {
    this.log = arbor({ logger: loggerFor(args.logLevel ?? 'info') }).log
  }

  start(): void {
    cluster.on('exit', (worker, code, signal) => this.onExit(worker, code, signal))
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => this.onStopSignal(signal))
    }
    process.on('SIGHUP', () => void this.rollingRestart())
    const count = this.args.workers
    this.log.info({ workers: count }, `starting ${count} worker${count === 1 ? '' : 's'}`)
    let ready = 0
    for (let i = 0; i < count; i++) {
      this.fork().once('listening', (address: Address) => {
        if (++ready === count && this.phase === 'starting') {
          this.phase = 'running'
          this.log.info(
            { workers: count, url: urlOf(address) },
            `${count} worker${count === 1 ? '' : 's'} listening at ${urlOf(address)}`,
          )
        }
      })
    }
  }

  private fork(): Worker {
    const worker = cluster.fork()
    this.workers.add(worker)
    worker.once('listening', () => {
      this.listened.add(worker)
      const timer = setTimeout(() => {
        this.pending.delete(timer)
        if (!worker.isDead()) this.policy.stable()
      }, STABLE_MS)
      timer.unref()
      this.pending.add(timer)
    })
    return worker
  }

  private onExit(worker: Worker, code: number, signal: string | null): void {
    this.workers.delete(worker)
    const pid = worker.process.pid
    const how = signal === null ? `code ${code}` : `signal ${signal}`
    if (this.leaving.has(worker)) {
      if (code !== 0) this.exitCode = 1
      this.log.info({ worker: worker.id, pid, code, signal }, `worker ${worker.id} exited (${how})`)
      if (this.phase === 'stopping' && this.workers.size === 0) this.finish()
      return
    }
    if (this.phase === 'stopping') {
      this.exitCode = 1
      if (this.workers.size === 0) this.finish()
      return
    }
    if (this.trial.has(worker)) return // the rolling restart reports it
    if (!this.listened.has(worker) && this.phase === 'starting') {
      this.log.error(
        { worker: worker.id, pid, code, signal },
        `worker ${worker.id} exited (${how}) before listening: stopping`,
      )
      this.stop(1)
      return
    }
    const delay = this.policy.next()
    if (delay === null) {
      this.log.error(
        { worker: worker.id, pid, code, signal, failures: this.policy.failures - 1 },
        `worker ${worker.id} exited (${how}): ${this.policy.failures - 1} workers died in a row, giving up (crash loop)`,
      )
      this.stop(1)
      return
    }
    this.log.warn(
      { worker: worker.id, pid, code, signal, delayMs: delay },
      `worker ${worker.id} exited (${how}): replacing it in ${delay} ms`,
    )
    const timer = setTimeout(() => {
      this.pending.delete(timer)
      if (this.phase !== 'stopping') this.fork()
    }, delay)
    this.pending.add(timer)
  }

  private onStopSignal(signal: NodeJS.Signals): void {
    if (this.phase === 'stopping') {
      // closeOnSignals in each worker reads a second SIGTERM as "cut now"
      this.log.warn(`${signal} received again: cutting what the workers have left`)
      for (const worker of this.workers) worker.process.kill('SIGTERM')
      return
    }
    this.log.info(
      { signal, workers: this.workers.size },
      `${signal} received: draining ${this.workers.size} worker(s)`,
    )
    this.stop(0)
  }

  private stop(code: number): void {
    this.exitCode = Math.max(this.exitCode, code)
    this.phase = 'stopping'
    for (const timer of this.pending) clearTimeout(timer)
    this.pending.clear()
    if (this.workers.size === 0) {
      this.finish()
      return
    }
    for (const worker of this.workers) {
      this.leaving.add(worker)
      worker.process.kill('SIGTERM')
    }
    setTimeout(() => {
      this.log.error(
        `workers still running ${KILL_AFTER_GRACE_MS} ms past the grace period: killing them`,
      )
      for (const worker of this.workers) worker.process.kill('SIGKILL')
      this.exitCode = 1
    }, this.args.graceMs + KILL_AFTER_GRACE_MS).unref()
  }

  private finish(): void {
    this.log.info({ code: this.exitCode }, 'all workers exited: exiting')
    process.exit(this.exitCode)
  }

  /** SIGHUP: each worker in turn is replaced by a new one, which listens before the old retires. */
  private async rollingRestart(): Promise<void> {
    if (this.phase !== 'running' || this.restarting) {
      this.log.warn(`SIGHUP ignored: ${this.restarting ? 'a restart is running' : this.phase}`)
      return
    }
    this.restarting = true
    const old = [...this.workers]
    this.log.info(
      { workers: old.length },
      `SIGHUP received: restarting ${old.length} worker(s) one at a time`,
    )
    try {
      for (const worker of old) {
        if (this.phase !== 'running') return
        if (worker.isDead()) continue
        const fresh = this.fork()
        this.trial.add(fresh)
        const started = await new Promise<boolean>((resolve) => {
          const onExit = () => resolve(false)
          fresh.once('exit', onExit)
          fresh.once('listening', () => {
            fresh.off('exit', onExit)
            resolve(true)
          })
        })
        this.trial.delete(fresh)
        if (!started) {
          this.log.error(
            `the new worker ${fresh.id} exited before listening: restart stopped, the running workers stay`,
          )
          return
        }
        // it may have died meanwhile: the exit handler has replaced it already
        if (worker.isDead() || !worker.isConnected()) continue
        this.leaving.add(worker)
        const gone = new Promise((resolve) => worker.once('exit', resolve))
        worker.send({ arbor: 'retire' } satisfies WorkerMessage)
        await gone
        this.log.info(`worker ${worker.id} replaced by worker ${fresh.id}`)
      }
      this.log.info({ workers: this.workers.size }, 'restart done')
    } finally {
      this.restarting = false
    }
  }
}
