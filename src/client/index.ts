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

/** One method of the client: a path of the app's routes for that method, and its parts. */
export type ClientCall<T, W extends ReadWith, M extends string> = <P extends PathsFor<T, M>>(
  path: P,
  ...parts: NoInfer<CallArgs<RecordAt<T, `${M} ${P}`>, W, P>>
) => Promise<ResponseOf<RecordAt<T, `${M} ${P}`>, W>>

/** The client of an application type: `client<typeof app>(…)`. */
export type ArborClient<App> = ClientOf<RoutesOf<App>, ReadWithOf<App>>
type ClientOf<T, W extends ReadWith> = {
  [K in keyof ClientMethods]: ClientCall<T, W, ClientMethods[K]>
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
