import type proxyAddrType from 'proxy-addr'
import { requireLazily } from '../config/lazy-require.ts'
import type { TrustProxy } from '../types/routing.ts'

/** Whether the peer at `address`, `hop` proxies away from the server, is trusted. */
export type ProxyTrust = (address: string, hop: number) => boolean

const compiled = new WeakMap<object, ProxyTrust | null>()

/**
 * The `trustProxy` option as a test (Fastify's forms): `true` trusts every proxy, a number
 * trusts that many hops, a string or array names addresses or CIDR ranges (proxy-addr's
 * `loopback`, `linklocal` and `uniquelocal` too), a function decides. `null` when off.
 * Compiled once per application: `options` is the key.
 */
export function proxyTrustOf(options: { trustProxy: TrustProxy }): ProxyTrust | null {
  let trust = compiled.get(options)
  if (trust === undefined) {
    trust = compileTrust(options.trustProxy)
    compiled.set(options, trust)
  }
  return trust
}

/** proxy-addr, loaded by the first application that trusts a proxy (request.ts reads it). */
export let proxyAddr = undefined as unknown as typeof proxyAddrType

function compileTrust(value: TrustProxy): ProxyTrust | null {
  if (value === false || value === undefined || value === null || value === 0) return null
  proxyAddr ??= requireLazily('proxy-addr') as typeof proxyAddrType
  if (typeof value === 'function') return value
  if (value === true) return () => true
  if (typeof value === 'number') return (_address, hop) => hop < value
  if (typeof value === 'string') return proxyAddr.compile(value.split(',').map((a) => a.trim()))
  return proxyAddr.compile(value)
}

/** The last value of a header a chain of proxies may have appended to. */
export function lastHeaderValue(value: string | string[]): string {
  const text = Array.isArray(value) ? value[value.length - 1]! : value
  const comma = text.lastIndexOf(',')
  return comma === -1 ? text.trim() : text.slice(comma + 1).trim()
}
