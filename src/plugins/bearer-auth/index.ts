import { type ArborInstance, type ArborPluginAsync, plugin } from '../../index.ts'
import { type BearerAuthOptions, resolveOptions } from './options.ts'
import { createVerifier, type VerifyBearerAuth } from './verify.ts'

export { BearerAuthError } from './errors.ts'
export type {
  BearerAuthFunction,
  BearerAuthKeys,
  BearerAuthLogLevel,
  BearerAuthOptions,
} from './options.ts'
export type { VerifyBearerAuth } from './verify.ts'

declare module '../../index.ts' {
  interface ArborInstance {
    /** Set by `bearerAuth` with `addHook: false`: the check, for you to use as a hook. */
    verifyBearerAuth?: VerifyBearerAuth
  }
}

// Options are typed for callers and still checked at run time, for JavaScript callers.
const bearerAuthPlugin: ArborPluginAsync<BearerAuthOptions> = async (
  instance: ArborInstance,
  options,
) => {
  const resolved = resolveOptions(options, instance.log)
  const verifyBearerAuth = createVerifier(resolved)
  if (resolved.addHook) instance.addHook('onRequest', verifyBearerAuth)
  else instance.decorate('verifyBearerAuth', verifyBearerAuth)
}

/**
 * The bearer-token plugin. It protects the routes of the context it is registered in and
 * of that context's descendants; routes elsewhere need no credentials (spec
 * "Authentication" 1-4). It is wrapped with `plugin()` so that its `onRequest` hook lands
 * in the registering context rather than in a child of its own.
 *
 * @example
 * ```ts
 * import arbor from 'arbor'
 * import { bearerAuth } from 'arbor/bearer-auth'
 *
 * const app = arbor()
 * app.register(async (admin) => {
 *   await admin.register(bearerAuth, { keys: [process.env.API_KEY!] })
 *   admin.get('/one', async () => ({ ok: true })) // needs `authorization: Bearer <API_KEY>`
 * })
 * app.get('/health', async () => ({ ok: true })) // public
 * ```
 */
export const bearerAuth = plugin(bearerAuthPlugin, { name: 'arbor-bearer-auth' })

export default bearerAuth
