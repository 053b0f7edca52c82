import type { Http2Server } from 'node:http2'
import { isSilent } from '../config/logger.ts'
import { errorCodes } from '../errors.ts'
import type { ArborInstance } from '../types/instance.ts'
import { connectionsOf, listsConnections, responseOwed } from './connections.ts'
import { destroySessions } from './http2-sessions.ts'

/** Options of `closeOnSignals`. */
export interface CloseOnSignalsOptions {
  /** The signals that start a graceful close. Default `['SIGTERM', 'SIGINT']`. */
  signals?: readonly NodeJS.Signals[]
  /**
   * How long, in milliseconds, the close may take: requests in flight finish and `onClose`
   * hooks run. After it, the connections left are destroyed and the process exits with 1.
   * Default 10 000.
   */
  graceMs?: number
}

/** A request that was still unanswered when the connections were destroyed. */
interface CutRequest {
  method: string | undefined
  url: string | undefined
  remoteAddress: string | undefined
}

const SIGNAL = /^SIG[A-Z0-9]+$/

/**
 * Closes the application when the process gets SIGTERM or SIGINT, the way a container stops it,
 * then ends the process. The first signal starts `app.close()`: the server stops accepting
 * connections, requests in flight are answered, idle keep-alive connections are closed, and
 * `onClose` hooks run; then the process exits with 0. If that takes longer than `graceMs`, or a
 * second signal comes, the connections left are destroyed, one error line names the requests
 * cut, and the process exits with 1. Put your own cleanup in `onClose` hooks: the process ends
 * once they have run. Returns a function that removes the signal listeners.
 * @example
 * import arbor, { closeOnSignals } from 'arbor'
 * const app = arbor({ logger: true })
 * app.get('/', async () => ({ hello: 'world' }))
 * closeOnSignals(app, { graceMs: 10_000 })
 * await app.listen({ port: 3000, host: '0.0.0.0' })
 */
export function closeOnSignals(
  app: ArborInstance,
  options: CloseOnSignalsOptions = {},
): () => void {
  const { signals = ['SIGTERM', 'SIGINT'], graceMs = 10_000 } = checkOptions(options)
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      cut(app, `a second signal (${signal}) during the graceful close`)
      return
    }
    closing = true
    app.log.info({ signal, graceMs }, `${signal} received: closing (grace period ${graceMs} ms)`)
    const timer = setTimeout(
      () => cut(app, `the graceful close took longer than ${graceMs} ms`),
      graceMs,
    )
    app.close().then(
      () => {
        clearTimeout(timer)
        app.log.info('closed: exiting')
        process.exit(0)
      },
      (err: Error) => {
        clearTimeout(timer)
        app.log.error({ err }, 'close failed: exiting')
        process.exit(1)
      },
    )
  }
  for (const signal of signals) process.on(signal, onSignal)
  return () => {
    for (const signal of signals) process.off(signal, onSignal)
  }
}

function checkOptions(options: CloseOnSignalsOptions): CloseOnSignalsOptions {
  if (typeof options !== 'object' || options === null) {
    throw new errorCodes.FST_ERR_SHUTDOWN_OPTIONS_INVALID('options must be an object')
  }
  const { signals, graceMs } = options
  if (
    signals !== undefined &&
    (!Array.isArray(signals) ||
      signals.length === 0 ||
      !signals.every((s) => typeof s === 'string' && SIGNAL.test(s)))
  ) {
    throw new errorCodes.FST_ERR_SHUTDOWN_OPTIONS_INVALID(
      'signals must be a non-empty array of signal names such as SIGTERM',
    )
  }
  if (graceMs !== undefined && !(Number.isFinite(graceMs) && graceMs >= 0)) {
    throw new errorCodes.FST_ERR_SHUTDOWN_OPTIONS_INVALID(
      'graceMs must be a number of milliseconds >= 0',
    )
  }
  return options
}

/** Destroys every connection left, says what that cut, and exits with 1. */
function cut(app: ArborInstance, reason: string): never {
  const sockets = connectionsOf(app.server)
  const requests: CutRequest[] = []
  for (const socket of sockets) {
    const owed = responseOwed(socket)
    if (owed !== null) {
      requests.push({
        method: owed.req.method,
        url: owed.req.url,
        remoteAddress: socket.remoteAddress,
      })
    }
  }
  const named = requests.map((r) => `${r.method} ${r.url}`).join(', ')
  // an h2c server's connections are its HTTP/2 sessions (server/http2-sessions.ts)
  const sessions = destroySessions(app.server as unknown as Http2Server)
  const connections = listsConnections(app.server) ? sockets.length : sessions
  const message =
    `${reason}: destroying ${connections} connection(s), cutting ` +
    `${requests.length} request(s) in flight${named === '' ? '' : `: ${named}`}`
  app.log.error({ cut: requests, connections }, message)
  // With logging off, the one line that explains a non-zero exit still goes out.
  if (isSilent(app.log)) process.stderr.write(`arbor: ${message}\n`)
  for (const socket of sockets) socket.destroy()
  process.exit(1)
}
