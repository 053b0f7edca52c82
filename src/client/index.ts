// arbor/client: a client typed from the app's own routes, with no code generation
// (docs/client.md). `client<typeof app>(baseUrl)` calls over fetch; `client(app)` calls through
// the app's `inject`, for tests. It imports nothing of the server: it runs in browsers.
import type {
  AnyRecord,
  CallArgs,
  ReadWith,
  ReadWithOf,
  ResponseOf,
  RoutesOf,
} from './route-types.ts'
import {
  type FetchFunction,
  type InjectTarget,
  type OutgoingCall,
  type RawResponse,
  viaFetch,
  viaInject,
} from './transport.ts'

export type {
  ArborErrorBody,
  ArborErrorStatus,
  CallArgs,
  CallParts,
  ClientResponse,
  PathParams,
  ReadWith,
  ReadWithOf,
  RequestParts,
  ResponseOf,
  RoutesOf,
} from './route-types.ts'
export type { FetchFunction, InjectTarget } from './transport.ts'

/** The methods a client has, each named as the instance's shorthand. */
export interface ClientMethods {
  get: 'GET'
  post: 'POST'
  put: 'PUT'
  patch: 'PATCH'
  delete: 'DELETE'
  head: 'HEAD'
  options: 'OPTIONS'
  query: 'QUERY'
}

/** The paths the routes table `T` has for method `M`, as they were written. */
export type PathsFor<T, M extends string> = keyof T extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never

type RecordAt<T, K> = K extends keyof T ? (T[K] extends AnyRecord ? T[K] : never) : never

// What a call reads off the client it is called on (`this`): the routes table and how to read
// its schemas. Read through `this`, not closed over: a call signature that held the table would
// be instantiated again with each call's path, and with it every route of the table.
interface ClientTypes {
  readonly '~client.routes': unknown
  readonly '~client.read': ReadWith
}
type TableOf<C extends ClientTypes> = C['~client.routes']
type ReadOf<C extends ClientTypes> = C['~client.read']

/** One method of the client: a path of the app's routes for that method, and its parts. */
export type ClientCall<M extends string> = <
  C extends ClientTypes,
  P extends string & PathsFor<TableOf<C>, M>,
>(
  this: C,
  path: P,
  ...parts: NoInfer<CallArgs<RecordAt<TableOf<C>, `${M} ${P}`>, ReadOf<C>, P>>
) => Promise<ResponseOf<RecordAt<TableOf<C>, `${M} ${P}`>, ReadOf<C>>>

/** The client of an application type: `client<typeof app>(…)`. */
export type ArborClient<App> = ClientOf<RoutesOf<App>, ReadWithOf<App>>

// The methods of every client, the same for all: what a call reads of its app, it reads off `this`.
type Methods = { [K in keyof ClientMethods]: ClientCall<ClientMethods[K]> }

/**
 * The client for routes table `T` read with `W`. Its methods are called on it (`api.get(…)`):
 * they find the routes through `this`.
 */
export interface ClientOf<T, W extends ReadWith> extends Methods {
  /** Type-only: the routes the methods call */
  readonly '~client.routes': T
  /** Type-only: the provider and shared schemas the routes are read with */
  readonly '~client.read': W
}

/** What `client()` takes besides where the app is. */
export interface ClientOptions {
  /** the fetch to call (the global `fetch` by default): a wrapped one, or a test double */
  fetch?: FetchFunction
  /** headers sent with every call (a call's own headers win); a function is called per call */
  headers?:
    | Record<string, string | undefined>
    | (() => Record<string, string | undefined> | Promise<Record<string, string | undefined>>)
}

/**
 * A client typed from the routes of `App`: one function per HTTP method, called with a route's
 * path as written and its parts; the result is a union by status code.
 * @example
 * const api = client<typeof app>('http://127.0.0.1:3000')
 * const r = await api.get('/users/:id', { params: { id: 1 } })
 * if (r.status === 200) r.body.name
 * // in a test, through inject, with no socket:
 * const t = client(app)
 */
export function client<App>(
  target: string | URL | App,
  options: ClientOptions = {},
): ArborClient<App> {
  const send = transportFor(target, options)
  const calls: Record<string, (path: string, parts?: Parts) => Promise<RawResponse>> = {}
  for (const [name, method] of Object.entries(methodNames)) {
    calls[name] = async (path, parts = {}) => {
      const defaults =
        typeof options.headers === 'function' ? await options.headers() : options.headers
      return send({ method, path, ...parts }, defaults)
    }
  }
  // The runtime functions take any route; the type above is what keeps the calls to the app's.
  return calls as unknown as ArborClient<App>
}

type Parts = Omit<OutgoingCall, 'method' | 'path'>

const methodNames: Record<keyof ClientMethods, string> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  head: 'HEAD',
  options: 'OPTIONS',
  query: 'QUERY',
}

function transportFor(target: unknown, options: ClientOptions) {
  if (typeof target === 'object' && target !== null && !(target instanceof URL)) {
    if (typeof (target as Partial<InjectTarget>).inject !== 'function') {
      throw new TypeError('arbor client: give a base URL or an app (something with inject())')
    }
    const app = target as InjectTarget
    return (call: OutgoingCall, defaults?: Record<string, unknown>) =>
      viaInject(app, call, defaults)
  }
  if (typeof target !== 'string' && !(target instanceof URL)) {
    throw new TypeError('arbor client: give a base URL or an app (something with inject())')
  }
  const base = String(target).replace(/\/+$/, '')
  const fetchFn = options.fetch ?? (globalThis.fetch as FetchFunction | undefined)
  if (fetchFn === undefined)
    throw new TypeError('arbor client: no global fetch; give options.fetch')
  return (call: OutgoingCall, defaults?: Record<string, unknown>) =>
    viaFetch(fetchFn, base, call, defaults)
}
