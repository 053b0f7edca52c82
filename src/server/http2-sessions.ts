// HTTP/2 sessions held to `http2Limits` (config/http2-limits.ts, issue 41): the limits node
// lacks (PINGs and stream resets per session), `http2SessionTimeout`, and close() ending the
// sessions, which node 20's server.close() only waits for. node itself destroys a session that
// errs or receives GOAWAY.
import type {
  Http2SecureServer,
  Http2Server,
  SecureServerOptions,
  ServerHttp2Session,
  ServerHttp2Stream,
  ServerOptions,
} from 'node:http2'
import type { ResolvedHttp2Limits } from '../config/http2-limits.ts'

// node:http2's values (RFC 9113 7), so that the module is not loaded for an HTTP/1 app
const NO_ERROR = 0
const ENHANCE_YOUR_CALM = 11

type AnyHttp2Server = Http2Server | Http2SecureServer

/** A token bucket: bursts of ten seconds' worth, refilled at the limit's rate. */
interface Bucket {
  tokens: number
  at: number
}

/**
 * What a session has spent of its limits, and its close() timer: made on the session's first
 * PING, first reset stream or close(), not for every session. A bucket starts full and refills
 * up to full, so one made at first use holds what one made with the session would: an idle
 * session (what a server holds most of, issue 41) costs no budget.
 */
interface Budget {
  pings: Bucket | undefined
  resets: Bucket | undefined
  /** destroys the session once close() has waited `closeTimeout` for it */
  timer: NodeJS.Timeout | undefined
}

/** What the idle sweep last saw of a session: its socket's bytes, moved or not since `since`. */
interface Seen {
  bytes: number
  since: number
}

/** A server's sessions and the limits they are held to. */
interface Guard {
  limits: ResolvedHttp2Limits
  /** each open session, with what the idle sweep saw of it (nothing before its first sweep) */
  sessions: Map<ServerHttp2Session, Seen | undefined>
  /** `http2SessionTimeout` in ms, 0 for none */
  idleTimeout: number
  sweeper: NodeJS.Timeout | undefined
}

const BURST_SECONDS = 10
const budgets = new WeakMap<ServerHttp2Session, Budget>()
const guards = new WeakMap<AnyHttp2Server, Guard>()

/**
 * The options node's http2 server is built with: the app's (`http`, or `https` for TLS), with
 * `settings.maxConcurrentStreams` defaulted to the limit unless the app set it.
 */
export function http2ServerOptions<T extends ServerOptions | SecureServerOptions>(
  given: T | undefined,
  limits: ResolvedHttp2Limits,
): T {
  const options = { ...given } as T
  if (limits.maxConcurrentStreams > 0 && given?.settings?.maxConcurrentStreams === undefined) {
    options.settings = { ...given?.settings, maxConcurrentStreams: limits.maxConcurrentStreams }
  }
  return options
}

/**
 * Tracks the server's sessions and holds each to the limits and to `idleTimeout` (ms, 0 for
 * none). A session costs a map entry and two shared listeners ('close', and 'ping' with a PING
 * limit); the listeners are made once per server, their limits in scope.
 */
export function guardSessions(
  server: AnyHttp2Server,
  limits: ResolvedHttp2Limits,
  idleTimeout: number,
): void {
  const guard: Guard = { limits, sessions: new Map(), idleTimeout, sweeper: undefined }
  const sessions = guard.sessions
  guards.set(server, guard)
  const forget = function (this: ServerHttp2Session) {
    sessions.delete(this)
    const timer = budgets.get(this)?.timer
    if (timer !== undefined) clearTimeout(timer)
    if (sessions.size === 0 && guard.sweeper !== undefined) {
      clearInterval(guard.sweeper)
      guard.sweeper = undefined
    }
  }
  const onPing = function (this: ServerHttp2Session) {
    if (!spendFrom(this, 'pings', limits.maxPingsPerSecond)) calm(this)
  }
  const onStreamClose = (session: ServerHttp2Session, stream: ServerHttp2Stream) => {
    // a stream ended by RST_STREAM, the client's (rapid reset) or ours
    if (stream.rstCode === undefined || stream.rstCode === NO_ERROR) return
    if (!spendFrom(session, 'resets', limits.maxResetsPerSecond)) calm(session)
  }
  server.on('session', (session: ServerHttp2Session) => {
    sessions.set(session, undefined)
    // `on`, not `once`: a session closes once, and a once wrapper would cost each one (issue 41)
    session.on('close', forget)
    if (limits.maxPingsPerSecond > 0) session.on('ping', onPing)
    if (idleTimeout > 0 && guard.sweeper === undefined) {
      guard.sweeper = setInterval(sweepIdle, sweepEvery(idleTimeout), guard)
      guard.sweeper.unref()
    }
  })
  if (limits.maxResetsPerSecond > 0) {
    server.on('stream', (stream: ServerHttp2Stream) => {
      // node has detached the stream from its session by its 'close'
      const session = stream.session as ServerHttp2Session | undefined
      if (session !== undefined) stream.on('close', () => onStreamClose(session, stream))
    })
  }
}

/**
 * How often the idle sweep looks: an eighth of the timeout, within 10 ms and 5 s, so that a
 * session is closed between the timeout and a quarter more (72 to 82 s at Fastify's default).
 */
function sweepEvery(idleTimeout: number): number {
  return Math.min(5_000, Math.max(10, Math.floor(idleTimeout / 8)))
}

/**
 * `http2SessionTimeout`, for every session of a server from one timer. A session whose socket
 * has moved no byte either way for the timeout gets 'timeout' and is closed (GOAWAY, its open
 * streams finished first), as a timer of its own (Fastify's `session.setTimeout`) would. One
 * sweep instead of a timer each: an idle session is what such a server holds most of, and node
 * (20 to 26) keeps a session's timer, and through it the destroyed session, until the timer
 * fires, 72 s after the client went away (issue 41).
 */
function sweepIdle(guard: Guard): void {
  const now = Date.now()
  for (const [session, seen] of guard.sessions) {
    if (session.closed || session.destroyed) continue
    const socket = session.socket
    const bytes = socket.bytesRead + socket.bytesWritten
    if (seen === undefined) {
      guard.sessions.set(session, { bytes, since: now })
    } else if (seen.bytes !== bytes) {
      seen.bytes = bytes
      seen.since = now
    } else if (now - seen.since >= guard.idleTimeout) {
      session.emit('timeout')
      session.close()
    }
  }
}

function budgetOf(session: ServerHttp2Session): Budget {
  let budget = budgets.get(session)
  if (budget === undefined) {
    budget = { pings: undefined, resets: undefined, timer: undefined }
    budgets.set(session, budget)
  }
  return budget
}

// One token from the session's bucket for `kind`, made full at its first use.
function spendFrom(session: ServerHttp2Session, kind: 'pings' | 'resets', rate: number): boolean {
  const budget = budgetOf(session)
  budget[kind] ??= { tokens: rate * BURST_SECONDS, at: Date.now() }
  return spend(budget[kind], rate)
}

/**
 * `close()`: every session is told GOAWAY (NO_ERROR) and ends once its streams are done; one
 * whose streams do not end (a client that stops reading) is destroyed after `closeTimeout`, and
 * every one at once with `forceCloseConnections: true`.
 */
export function closeSessions(server: AnyHttp2Server, force: boolean): void {
  const guard = guards.get(server)
  if (guard === undefined) return
  for (const session of guard.sessions.keys()) {
    if (force) {
      session.destroy()
      continue
    }
    session.close()
    if (guard.limits.closeTimeout > 0 && !session.destroyed) {
      destroyAfter(session, budgetOf(session), guard.limits.closeTimeout)
    }
  }
}

/** Destroys every session of the server now; returns how many there were. */
export function destroySessions(server: AnyHttp2Server): number {
  const sessions = [...(guards.get(server)?.sessions.keys() ?? [])]
  for (const session of sessions) session.destroy()
  return sessions.length
}

/** Takes one token from the bucket, refilled at `rate` a second; false once it is spent. */
function spend(bucket: Bucket, rate: number): boolean {
  const now = Date.now()
  bucket.tokens =
    Math.min(rate * BURST_SECONDS, bucket.tokens + ((now - bucket.at) * rate) / 1000) - 1
  bucket.at = now
  return bucket.tokens >= 0
}

/**
 * A session past a limit: GOAWAY ENHANCE_YOUR_CALM, then destroyed. Its streams are not waited
 * for: the client broke a limit, and each of its frames still costs while it lives.
 */
function calm(session: ServerHttp2Session) {
  if (session.destroyed) return
  session.goaway(ENHANCE_YOUR_CALM)
  session.destroy()
}

function destroyAfter(session: ServerHttp2Session, budget: Budget, ms: number) {
  if (budget.timer !== undefined) return
  budget.timer = setTimeout(() => session.destroy(), ms)
  budget.timer.unref()
}
