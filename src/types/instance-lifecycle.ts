// The members of the instance that tell what it is and run its life: loading, listening,
// closing and in-process requests. `ArborInstance` (types/instance-core.ts) extends them; they
// need nothing of it but `this`.
import type { Server } from 'node:http'
import type { Chain, InjectOptions, Response as InjectResponse } from 'light-my-request'
import type { ArborLogger } from './logger.ts'
import type { ContextThenable } from './route-table.ts'
import type { InitialConfig, ListenCallback, ListeningAddress, ListenOptions } from './server.ts'

/** What an instance is, and its loading, listening, closing and `inject` (see `ArborInstance`). */
export interface InstanceLifecycle {
  /** The Fastify version whose API arbor implements ('4.25.2'); plugins check their range on it. */
  readonly version: string
  /** arbor's own version. */
  readonly arborVersion: string
  /** The factory options of Fastify's configuration schema, validated and frozen. */
  readonly initialConfig: InitialConfig
  /**
   * The logger of this context (pino, or a silent logger when logging is off). Assignable, as in
   * Fastify: the value assigned is what `log` reads in this context and below.
   */
  log: ArborLogger
  /** The route prefix of this context (`register(plugin, { prefix })`, nested). */
  readonly prefix: string
  /** The node:http server. */
  readonly server: Server
  /** The name of the plugin that created this context. */
  readonly pluginName: string

  // plugins and loading
  /** Runs `callback` once everything registered before it has loaded. */
  after(
    callback: (err: Error | null, done?: (err?: Error | null) => void) => unknown,
  ): this & ContextThenable
  /** Resolves once everything registered so far has loaded. */
  after(): Promise<void>
  /** Whether a plugin of that name is registered where this instance can see it. */
  hasPlugin(name: string): boolean
  /** Loads every plugin, builds every route and runs onReady hooks. */
  ready(): Promise<this>
  ready(callback: (err: Error | null, instance?: this) => void): void
  /** Starts listening. `listen({ port, host })` returns the address; a callback form exists. */
  listen(options?: ListenOptions): Promise<string>
  listen(options: ListenOptions, callback: ListenCallback): void
  listen(callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011): use `listen({ port, host, backlog })` */
  listen(port: number | string, host?: string, backlog?: number): Promise<string>
  /** @deprecated the variadic forms (FSTDEP011): use `listen({ port, host, backlog }, callback)` */
  listen(port: number | string, callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011) */
  listen(port: number | string, host: string, callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011) */
  listen(port: number | string, host: string, backlog: number, callback: ListenCallback): void
  /** @deprecated the variadic forms (FSTDEP011) */
  listen(options: ListenOptions, backlog: number, callback: ListenCallback): void
  /** The addresses the server listens on. */
  addresses(): ListeningAddress[]
  /** The listening server's origin (`http://127.0.0.1:3000`, or a unix socket's path). */
  readonly listeningOrigin: string
  /** Stops accepting connections, lets in-flight requests finish, runs onClose hooks. */
  close(): Promise<void>
  close(callback: (err?: Error | null) => void): this
  /** `await using app = arbor()` closes the app when the scope ends (same as `close()`). */
  [Symbol.asyncDispose](): Promise<void>
  /** In-process requests (light-my-request); waits for `ready()` itself. */
  inject(): Chain
  inject(options: InjectOptions | string): Promise<InjectResponse>
  inject(
    options: InjectOptions | string,
    callback: (err: Error | null, res?: InjectResponse) => void,
  ): void
}
