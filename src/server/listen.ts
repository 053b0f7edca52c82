import type { AddressInfo, ListenOptions as NetListenOptions } from 'node:net'
import { networkInterfaces } from 'node:os'
import type { RootState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { ListenCallback, ListeningAddress, ListenOptions } from '../types/server.ts'
import { ready } from './boot.ts'
import { collectOnce } from './settle-heap.ts'
import { warmUpOnce } from './warm-up.ts'

// arbor's default host (DESIGN.md "Divergences": Fastify's is 'localhost').
const defaultHost = '127.0.0.1'

let warnedVariadic = false
function warnVariadic(): void {
  if (warnedVariadic) return
  warnedVariadic = true
  process.emitWarning(
    'Variadic listen method is deprecated. Please use ".listen(optionsObject)" instead. The variadic signature will be removed in `fastify@5`.',
    'DeprecationWarning',
    'FSTDEP011',
  )
}

/**
 * `listen()`'s arguments read as Fastify 4.25 reads them: `(options?, callback?)`, and the
 * deprecated variadic forms `(port, host?, backlog?, callback?)`, `(path, backlog?, callback?)`
 * and `(options, backlog, callback)`, which warn FSTDEP011 once.
 */
export function readListenArgs(args: unknown[]): {
  options: ListenOptions
  callback: ListenCallback | undefined
} {
  if (args.length === 0) return { options: {}, callback: undefined }
  const first = args[0]
  if (typeof first === 'function') return { options: {}, callback: first as ListenCallback }
  const rest = args.slice(1)
  if (Object.prototype.toString.call(first) !== '[object Object]') {
    warnVariadic()
    return variadic(args)
  }
  const options = { ...(first as ListenOptions) }
  if (rest.length > 1) {
    // `(options, backlog, callback)`
    warnVariadic()
    const place = options.path != null ? [options.path] : [options.port ?? 0, options.host]
    const { options: more, callback } = variadic([...place, ...rest])
    return { options: { ...options, ...more }, callback }
  }
  const last = rest[0]
  return { options, callback: typeof last === 'function' ? (last as ListenCallback) : undefined }
}

function variadic(input: unknown[]): {
  options: ListenOptions
  callback: ListenCallback | undefined
} {
  const args = input.slice()
  const callback =
    typeof args[args.length - 1] === 'function' ? (args.pop() as ListenCallback) : undefined
  const first = args[0]
  if (typeof first === 'string' && Number.isNaN(Number(first))) {
    // a pipe or unix socket path
    return {
      options: { path: first, backlog: args.length > 1 ? (args.at(-1) as number) : undefined },
      callback,
    }
  }
  const port = Number(first)
  return {
    options: {
      port: Number.isInteger(port) && port >= 0 ? port : 0,
      host: typeof args[1] === 'string' && args[1] !== '' ? args[1] : undefined,
      backlog: args.length >= 3 ? (args[2] as number) : undefined,
    },
    callback,
  }
}

type Listened = (err: Error | null, address: string | null) => void

/**
 * Boots the application, then binds the server. `done` is called from a plain callback (never
 * inside a promise reaction), so a callback that throws is an uncaught exception, as in Fastify.
 * Once `close()` was called (an aborted `signal`, say) it never binds; `done` then gets
 * FST_ERR_REOPENED_CLOSE_SERVER only when `reportClosed` is set (the promise form).
 */
export function startListening(
  root: RootState,
  options: ListenOptions,
  reportClosed: boolean,
  done: Listened,
): void {
  if (root.closed) {
    // Closed for good: the promise form rejects, the callback form calls back, with the error.
    if (reportClosed) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
    process.nextTick(done, new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER(), null)
    return
  }
  if (root.closingPromise !== null || root.closing) {
    // Fastify's callback form never calls back while close() is under way
    if (reportClosed) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
    return
  }
  if (root.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  root.listening = true
  // Without a host, Fastify listens on 'localhost' and resolves it first (dns.lookup), so its
  // server binds a macrotask later, after the setImmediate callbacks that plugins queued while
  // loading (in 4.25 as in 5). arbor binds its default host a macrotask later for that order.
  const later = options.host == null && options.path == null ? setImmediate : process.nextTick
  ready(root).then(
    () => {
      // the collection first: the warm-up's few objects die young, and V8's marking of the
      // old generation, due by now, does not run through the warm-up in small steps
      if (root.options.gcBeforeListen) collectOnce()
      const warming = root.options.warmBeforeListen
        ? warmUpOnce(root.options.line.major)
        : undefined
      if (warming === undefined) later(bind, root, options, reportClosed, done)
      else warming.then(() => later(bind, root, options, reportClosed, done))
    },
    (err: Error) => {
      root.listening = false
      process.nextTick(done, err, null)
    },
  )
}

function bind(
  root: RootState,
  options: ListenOptions,
  reportClosed: boolean,
  done: Listened,
): void {
  if (root.closingPromise !== null) {
    root.listening = false
    if (reportClosed) done(new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER(), null)
    return
  }
  const server = root.server
  const onError = (err: Error) => {
    server.removeListener('listening', onListening)
    root.listening = false
    done(err, null)
  }
  const onListening = () => {
    server.removeListener('error', onError)
    const listened = listenedAddresses(root, server.address() as AddressInfo | string)
    const text = options.listenTextResolver ?? ((at: string) => `Server listening at ${at}`)
    for (const address of listened) root.logger.info(text(address))
    done(null, listened[0]!)
  }
  server.once('error', onError)
  server.once('listening', onListening)
  try {
    server.listen(nodeOptions(options))
  } catch (err) {
    // Node refuses a bad port synchronously (ERR_SOCKET_BAD_PORT)
    server.removeListener('error', onError)
    server.removeListener('listening', onListening)
    root.listening = false
    done(err as Error, null)
  }
}

// What node's server.listen() is given: arbor's own keys stay out; the host defaults only
// when there is no path, so that a unix socket is not also bound to a host.
function nodeOptions(options: ListenOptions): NetListenOptions {
  const { listenTextResolver: _text, signal: _signal, ...rest } = options
  const out = rest as NetListenOptions & { port?: number | string | null }
  if (out.path == null) {
    out.host ??= defaultHost
    if (out.port == null) out.port = 0
  }
  return out as NetListenOptions
}

/**
 * The addresses `listen()` reports (each logged, the first resolved): the bound address, or,
 * for `0.0.0.0` in the Fastify 5 line (row `resolveAnyAddress`), every IPv4 interface's
 * address, the internal ones first, as Fastify 5 does.
 */
function listenedAddresses(root: RootState, info: AddressInfo | string): string[] {
  if (typeof info === 'string') return [info]
  const scheme = root.options.https !== undefined ? 'https' : 'http'
  if (info.address.includes(':')) return [`${scheme}://[${info.address}]:${info.port}`]
  const hosts =
    info.address === '0.0.0.0' && root.options.line.resolveAnyAddress
      ? ipv4Interfaces()
      : [info.address]
  if (hosts.length === 0) hosts.push(info.address)
  return hosts.map((host) => `${scheme}://${host}:${info.port}`)
}

function ipv4Interfaces(): string[] {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? [])
  const ipv4 = all.filter((entry) => entry.family === 'IPv4')
  return [
    ...ipv4.filter((entry) => entry.internal),
    ...ipv4.filter((entry) => !entry.internal),
  ].map((entry) => entry.address)
}

/** `listen({ signal })`: aborting the signal closes the application, as Fastify does. */
export function watchSignal(signal: unknown, close: () => unknown): void {
  if (signal === undefined || signal === null) return
  const target = signal as { aborted?: boolean; on?: unknown; addEventListener?: Function }
  if (typeof target.on !== 'function' && typeof target.addEventListener !== 'function') {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID('Invalid options.signal')
  }
  if (target.aborted) {
    close()
    return
  }
  if (typeof target.addEventListener === 'function') {
    target.addEventListener('abort', () => close(), { once: true })
  } else {
    ;(target.on as Function).call(target, 'abort', () => close())
  }
}

/** The addresses the server listens on: `{ address, family, port }`, or a socket path. */
export function addresses(root: RootState): Array<ListeningAddress | string> {
  const info = root.server.address()
  if (info === null) return []
  if (typeof info === 'string') return [info]
  return [{ address: info.address, family: info.family, port: info.port }]
}
