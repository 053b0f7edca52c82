import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import lightMyRequest, {
  type Chain,
  type InjectOptions,
  type Response as InjectResponse,
} from 'light-my-request'
import { callWithTimeout } from './context/call-with-timeout.ts'
import { resolveClasses } from './context/classes.ts'
import type { ArborInstance } from './context/instance.ts'
import { drain } from './context/plugin-loader.ts'
import type { RootState } from './context/state.ts'
import { errorCodes } from './errors.ts'
import { defaultNotFoundHandler } from './lifecycle/not-found.ts'
import { RouteContext } from './routing/route-context.ts'
import { buildRoute } from './routing/routes.ts'
import type { RouteOptions } from './types.ts'

export interface ListenOptions {
  port?: number | string
  host?: string
  backlog?: number
}
export type ListenCallback = (err: Error | null, address: string) => void

const unavailableBody = JSON.stringify({
  error: 'Service Unavailable',
  message: 'Service Unavailable',
  statusCode: 503,
})

/** The node:http server, with arbor's timeouts and its answer to malformed requests. */
export function createHttpServer(root: RootState): Server {
  const server = createServer({
    requestTimeout: root.options.requestTimeout,
    keepAliveTimeout: root.options.keepAliveTimeout,
  })
  server.setTimeout(root.options.connectionTimeout)
  server.on('request', (req: IncomingMessage, res: ServerResponse) => dispatch(root, req, res))
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const body = JSON.stringify({
      error: status === 431 ? 'Request Header Fields Too Large' : 'Bad Request',
      message: 'Client Error',
      statusCode: status,
    })
    root.logger.debug({ err }, 'client error')
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  return server
}

/** Every request, from the network or from inject, enters here. */
export function dispatch(root: RootState, req: IncomingMessage, res: ServerResponse): void {
  if (root.closing && root.options.return503OnClosing) {
    res.writeHead(503, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(unavailableBody)),
      connection: 'close',
    })
    res.end(unavailableBody)
    return
  }
  root.router.lookup(req, res)
}

/** Loads every plugin, builds every route, runs onReady hooks; runs once. */
export function ready(root: RootState): Promise<void> {
  root.booting ??= boot(root)
  return root.booting
}

async function boot(root: RootState): Promise<void> {
  const frame = root.rootFrame
  await drain(root, root.loader, frame)
  if (frame.error !== null) {
    const err = frame.error as Error & { plugin?: string }
    root.logger.error(
      { err, plugin: err.plugin },
      `plugin ${err.plugin ? `'${err.plugin}' ` : ''}failed to load`,
    )
    throw err
  }
  resolveClasses(root.rootState)
  buildNotFoundRoutes(root)
  for (const route of root.routes) buildRoute(route)
  for (const route of root.notFoundRoutes) buildRoute(route)
  root.ready = true
  for (const [fn, instance] of root.appHooks.onReady) {
    await callAppHook(fn, instance, [], root.options.pluginTimeout, 'onReady')
  }
}

function buildNotFoundRoutes(root: RootState): void {
  const rootState = root.rootState
  const entries = [...root.notFoundByPrefix.values()]
  if (!root.notFoundByPrefix.has('')) {
    entries.push({ state: rootState, handler: defaultNotFoundHandler as never, hooks: {} })
  }
  root.notFoundRoutes = entries
    .map(({ state, handler, hooks }) => {
      const options = { ...hooks, method: 'GET', url: `${state.prefix}/*`, handler } as RouteOptions
      return new RouteContext('*', options.url!, options, state, true)
    })
    .sort((a, b) => b.state.prefix.length - a.state.prefix.length)
}

/** Calls an application hook in callback or promise style, bounded by pluginTimeout. */
export function callAppHook(
  fn: Function,
  instance: ArborInstance,
  args: unknown[],
  timeout: number,
  name: string,
): Promise<void> {
  return callWithTimeout(
    fn,
    instance,
    args,
    timeout,
    () => new errorCodes.FST_ERR_HOOK_TIMEOUT(name),
  )
}

export async function listen(root: RootState, options: ListenOptions): Promise<string> {
  if (typeof options !== 'object' || options === null) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID(
      'listen expects an object { port, host, backlog }',
    )
  }
  const port = options.port === undefined ? 0 : Number(options.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID(
      `port must be an integer from 0 to 65535, got ${String(options.port)}`,
    )
  }
  const host = options.host ?? '127.0.0.1'
  if (typeof host !== 'string')
    throw new errorCodes.FST_ERR_LISTEN_OPTIONS_INVALID('host must be a string')
  if (root.closed || root.closing) throw new errorCodes.FST_ERR_REOPENED_CLOSE_SERVER()
  if (root.listening) throw new errorCodes.FST_ERR_REOPENED_SERVER()
  root.listening = true
  try {
    await ready(root)
    await new Promise<void>((resolve, reject) => {
      const server = root.server
      const onError = (err: Error) => {
        server.removeListener('listening', onListening)
        reject(err)
      }
      const onListening = () => {
        server.removeListener('error', onError)
        resolve()
      }
      server.once('error', onError)
      server.once('listening', onListening)
      server.listen({ port, host, backlog: options.backlog })
    })
  } catch (err) {
    root.listening = false
    throw err
  }
  const address = formatAddress(root.server.address() as AddressInfo)
  root.logger.info(`Server listening at ${address}`)
  for (const [fn, ctx] of root.appHooks.onListen) {
    await callAppHook(fn, ctx, [], root.options.pluginTimeout, 'onListen').catch((err: Error) =>
      root.logger.error({ err }, 'onListen hook failed'),
    )
  }
  return address
}

function formatAddress(info: AddressInfo): string {
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
  return `http://${host}:${info.port}`
}

export function addresses(
  root: RootState,
): Array<{ address: string; family: string; port: number }> {
  const info = root.server.address()
  if (info === null || typeof info === 'string') return []
  return [{ address: info.address, family: info.family, port: info.port }]
}

export function close(root: RootState): Promise<void> {
  root.closingPromise ??= closeOnce(root)
  return root.closingPromise
}

async function closeOnce(root: RootState): Promise<void> {
  if (root.booting !== null) await root.booting.catch(() => {})
  root.closing = true
  for (const [fn, ctx] of root.appHooks.preClose) {
    await callAppHook(fn, ctx, [], root.options.pluginTimeout, 'preClose').catch((err: Error) =>
      root.logger.error({ err }, 'preClose hook failed'),
    )
  }
  if (root.server.listening) {
    const closed = new Promise<void>((resolve) => root.server.close(() => resolve()))
    if (root.options.forceCloseConnections === true) root.server.closeAllConnections()
    else if (root.options.forceCloseConnections === 'idle') root.server.closeIdleConnections()
    await closed
  }
  let failure: Error | null = null
  for (const [fn, ctx] of [...root.appHooks.onClose].reverse()) {
    await callAppHook(fn, ctx, [ctx], root.options.pluginTimeout, 'onClose').catch((err: Error) => {
      root.logger.error({ err }, 'onClose hook failed')
      failure ??= err
    })
  }
  root.closed = true
  root.listening = false
  if (failure !== null) throw failure
}

type InjectCallback = (err: Error | null, res?: InjectResponse) => void

export function inject(
  root: RootState,
  options: InjectOptions | string | undefined,
  callback: InjectCallback | undefined,
): Chain | Promise<InjectResponse> | undefined {
  const dispatchAfterReady = (req: IncomingMessage, res: ServerResponse) => {
    ready(root).then(
      () => dispatch(root, req, res),
      (err: Error) => {
        res.statusCode = 500
        res.end(
          JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: err.message }),
        )
      },
    )
  }
  if (options === undefined) return lightMyRequest(dispatchAfterReady as never)
  const opts = typeof options === 'string' ? { url: options } : options
  const run = ready(root).then(() =>
    lightMyRequest(
      ((req: IncomingMessage, res: ServerResponse) => dispatch(root, req, res)) as never,
      opts,
    ),
  )
  if (callback === undefined) return run
  run.then(
    (res) => callback(null, res),
    (err: Error) => callback(err),
  )
  return undefined
}
