// The routes an instance type has, for the typed client (docs/client.md). Each route method
// returns `this & RouteAdded<…>`, a type-only member that records the route's method, path,
// route generic and schema as the call wrote them. Nothing is computed from them until a
// client reads the table, so an application that does not use the client pays a few type
// instantiations per route, not the schema's inference a second time.

/**
 * One route as its method call wrote it; the client resolves it (src/client/route-types.ts)
 * with the provider and shared schemas of the app type it is given. Nothing of the instance
 * type is read here: a lookup on an instance type that a chain made an intersection of N
 * members costs N, for each of N routes.
 */
export interface RouteRecord<G, S> {
  readonly generic: G
  readonly schema: S
}

// A context's depth is kept as keys that only ever grow along a chain (`{ 1: true } & { 2: true }`),
// since an intersection cannot replace a member. The root answers in one step.
type DepthIn<D> = D extends { 1: true }
  ? D extends { 2: true }
    ? D extends { 3: true }
      ? D extends { 4: true }
        ? D extends { 5: true }
          ? D extends { 6: true }
            ? 6
            : 5
          : 4
        : 3
      : 2
    : 1
  : 0

/** How many `register` levels below the root the instance type `I` is (0 to 6). */
export type DepthOf<I> = I extends { readonly '~arbor.depth': infer D } ? DepthIn<D> : 0

type Next = [1, 2, 3, 4, 5, 6, 6]

/**
 * The instance type a plugin registered on `I` gets: one level deeper, so that its routes are
 * told from its parent's, which its type also carries.
 */
export type ChildOf<I> = I & {
  readonly '~arbor.depth': { readonly [K in Next[DepthOf<I>]]: true }
}

/**
 * What a route method adds to the type of an instance: the route under `METHOD path` at the
 * instance's depth, given as its depth member `D` (`this[Depth]`, context-types.ts), not as the instance type:
 * along a chain that type is an intersection growing by one member per route, and reading the
 * depth off it in here cost about 1,000 instantiations a route on a chain of 200 (BENCHMARKS.md,
 * client section). A path that is not a literal (`string`, as with explicit type arguments)
 * adds nothing. Nothing in it is computed until a client reads the table: an app written as
 * statements never does. An object type, not an interface: TypeScript gives each interface in
 * an intersection the intersection as its `this`, so along a chain every earlier route's record
 * was instantiated again at each link (20,000 instantiations on a chain of 200).
 */
export type RouteAdded<D, M extends string, P extends string, G, S> = {
  readonly '~arbor.routes': string extends P
    ? unknown
    : { readonly [K in DepthIn<D>]: { readonly [K2 in `${M} ${P}`]: RouteRecord<G, S> } }
}

/** The routes `I` itself added, by `METHOD path` (those of its ancestors are at other depths). */
export type OwnRoutes<I> = I extends { readonly '~arbor.routes': infer T }
  ? DepthOf<I> extends keyof T
    ? T[DepthOf<I>]
    : never
  : never

// Fastify's joining of a prefix and a route path: `/` under `/todos` is both `/todos` and
// `/todos/` (prefixTrailingSlash 'both', the default), and a prefix's trailing `/` is not doubled.
type JoinPath<Pfx extends string, P extends string> = P extends '/' | ''
  ? Pfx | `${Pfx}/`
  : Pfx extends `${infer Head}/`
    ? P extends `/${string}`
      ? `${Head}${P}`
      : `${Pfx}${P}`
    : `${Pfx}${P}`

type PrefixKey<K, Pfx extends string> = K extends `${infer M} ${infer P}`
  ? `${M} ${JoinPath<Pfx, P>}`
  : never

type Prefixed<T, Pfx extends string> = '' extends Pfx
  ? T
  : { readonly [K in keyof T as PrefixKey<K, Pfx>]: T[K] }

/** What awaiting an instance (`await app.register(…)`) gives to the type: its routes and depth. */
export interface ContextView<I> {
  readonly '~arbor.routes': I extends { readonly '~arbor.routes': infer T } ? T : unknown
  readonly '~arbor.depth': I extends { readonly '~arbor.depth': infer D } ? D : unknown
}

/**
 * The thenable side of what `register` and `after` return. `this` is the whole instance type
 * it ends up in, routes added later on the chain included, so an async plugin that returns
 * `app.register(…).get(…)` still tells `register` its routes: an async function's return type
 * is what awaiting it gives, which for a `PromiseLike<void>` would be `void`.
 */
export interface ContextThenable {
  then<T1 = ContextView<this>, T2 = never>(
    onfulfilled?: ((value: ContextView<this>) => T1 | PromiseLike<T1>) | null,
    onrejected?: ((reason: unknown) => T2 | PromiseLike<T2>) | null,
  ): PromiseLike<T1 | T2>
}

// What a plugin function returned, once awaited.
type Returned<R> = R extends { readonly '~arbor.routes': unknown }
  ? R
  : R extends PromiseLike<infer V>
    ? V
    : R

/**
 * What `register` adds to the type of `I` for a plugin whose function returned `R`: the routes
 * the plugin added, under `Pfx`, at `I`'s depth. A plugin whose return type is not the instance
 * it added routes on (`Promise<void>`, `ArborPluginAsync`'s `Promise<unknown>`) adds nothing,
 * and so does a prefix that is not a literal.
 */
export type Mounted<I, R, Pfx extends string> = [OwnRoutes<Returned<R>>] extends [never]
  ? unknown
  : string extends Pfx
    ? unknown
    : {
        readonly '~arbor.routes': {
          readonly [D in DepthOf<I>]: Prefixed<OwnRoutes<Returned<R>>, Pfx>
        }
      }

/** The methods an `all()` route answers, for the client's table. */
export type AllMethods =
  | 'GET'
  | 'HEAD'
  | 'POST'
  | 'PUT'
  | 'DELETE'
  | 'OPTIONS'
  | 'PATCH'
  | 'QUERY'
  | 'TRACE'
