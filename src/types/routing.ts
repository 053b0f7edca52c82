import type { IncomingMessage } from 'node:http'

/**
 * A custom route constraint (find-my-way's strategy), for the `constraints` factory option and
 * `addConstraintStrategy()`. A `deriveConstraint` that declares three parameters is async: it
 * answers through `done`.
 * @example
 * const secret: ConstraintStrategy = {
 *   name: 'secret',
 *   storage() {
 *     const stores = new Map()
 *     return { get: (v) => stores.get(v) ?? null, set: (v, store) => stores.set(v, store) }
 *   },
 *   deriveConstraint: (req) => req.headers['x-secret'],
 * }
 */
export interface ConstraintStrategy {
  name: string
  /** when true, a request whose derived value matches no route gets no unconstrained route */
  mustMatchWhenDerived?: boolean
  // biome-ignore lint/suspicious/noExplicitAny: values are whatever the strategy derives
  storage(): ConstraintStore<any>
  validate?(value: unknown): void
  deriveConstraint(
    req: IncomingMessage,
    ctx?: unknown,
    done?: (err: Error | null, value?: unknown) => void,
  ): unknown
}

/** Where a strategy keeps the route stores it was given, by constraint value. */
export interface ConstraintStore<V> {
  get(value: V): unknown
  set(value: V, store: unknown): void
  del?(value: V): void
  empty?(): void
}

/** Which proxies to trust for X-Forwarded-*: all, a hop count, addresses/CIDRs, or a test. */
export type TrustProxy =
  | boolean
  | number
  | string
  | string[]
  | ((address: string, hop: number) => boolean)
