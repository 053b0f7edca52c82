import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import { errorFirstCallback } from '../context/loader/user-callbacks.ts'
import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import type { ListeningAddress } from '../types/server.ts'
import { ready, readyThen } from './boot.ts'
import { close } from './close.ts'
import { dispatch } from './http-server.ts'
import { inject } from './inject.ts'
import { addresses, readListenArgs, startListening, watchSignal } from './listen.ts'
import { runOnListenHooks } from './on-listen.ts'

/** The instance's server methods: `ready`, `listen`, `addresses`, `close`, `inject`, `routing`. */
export const serverMethods = {
  /**
   * Handles a raw request as the server's own request listener does, as Fastify's `routing` is
   * that listener: a request arriving while the application closes gets its 503, and the rest
   * is routed (rewriteUrl, constraints, lookup). Plugins that answer upgrades (@fastify/websocket,
   * @fastify/http-proxy) hand their requests in here.
   */
  routing(this: Instance, req: IncomingMessage, res: ServerResponse): void {
    dispatch(this[kState].root, req, res)
  },

  /**
   * Loads every plugin, builds every route and runs onReady hooks; resolves with the instance,
   * or calls `callback(err, instance)`. Inside a plugin, `instance.ready()` resolves once what
   * was registered so far has loaded, before the application's onReady hooks.
   */
  ready(this: Instance, callback?: Function) {
    const state = this[kState]
    const root = state.root
    if (state.parent !== null) {
      if (callback === undefined) return root.loader.ready()
      root.loader.ready(errorFirstCallback(callback, this))
      return undefined
    }
    if (callback === undefined) return ready(root)
    readyThen(root, callback)
    return undefined
  },

  /**
   * Starts listening: `listen({ port, host })` resolves with the address, `listen(options, cb)`
   * calls back with `(err, address)` (`address` null on failure); the variadic forms warn.
   */
  listen(this: Instance, ...args: unknown[]) {
    const root = this[kState].root
    const { options, callback } = readListenArgs(args)
    watchSignal(options.signal, () => this.close().catch(() => {}))
    if (callback === undefined) {
      return new Promise<string>((resolve, reject) => {
        startListening(root, options, true, (err, address) => {
          if (err !== null) return reject(err)
          // Started first, so that hooks finishing in a microtask are done when `await` returns,
          // as with Fastify's chained promises; still, nothing waits for them.
          runOnListenHooks(root)
          resolve(address!)
        })
      })
    }
    try {
      startListening(root, options, false, (err, address) => {
        callback(err, address as string)
        if (err === null) runOnListenHooks(root)
      })
    } catch (err) {
      process.nextTick(callback, err as Error, null as unknown as string)
    }
    return undefined
  },

  /** The addresses the server listens on. */
  addresses(this: Instance): ListeningAddress[] {
    // a unix socket's entry is its path, as in Fastify
    return addresses(this[kState].root) as ListeningAddress[]
  },

  /**
   * Fastify 5's origin of the listening server, `http://127.0.0.1:3000` (a unix socket's path
   * as it is), for a client such as fetch() to call the app by; throws before `listen()`.
   */
  get listeningOrigin(): string {
    const root = (this as unknown as Instance)[kState].root
    const address = addresses(root).at(-1)
    if (address === undefined) throw new errorCodes.FST_ERR_NOT_LISTENING()
    if (typeof address === 'string') return address
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    return `${root.options.https !== undefined ? 'https' : 'http'}://${host}:${address.port}`
  },

  /**
   * Stops accepting connections, lets in-flight requests finish, runs preClose and onClose
   * hooks; loads the application first if it never started.
   */
  close(this: Instance, callback?: Function) {
    const promise = close(this[kState].root, callback)
    return promise ?? this
  },

  /** In-process requests (light-my-request); waits for `ready()` itself. */
  inject(
    this: Instance,
    options?: InjectOptions | string,
    callback?: (err: Error | null, res?: InjectResponse) => void,
  ): Chain | Promise<InjectResponse> | undefined {
    return inject(this[kState].root, options, callback)
  },

  /** `await using app = arbor()`: disposing of the instance closes it, as Fastify 4.25 does. */
  [Symbol.asyncDispose](this: Instance): Promise<void> {
    return this.close()
  },
}
