import { knownMethods } from '../config/http-methods.ts'
import { FSTDEP025 } from '../config/warnings.ts'
import { type Instance, kState } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { routeShorthand } from './shorthands.ts'

/** What `addHttpMethod` takes besides the method. */
interface AddHttpMethodOptions {
  hasBody?: boolean
  overrideExisting?: boolean
}

/**
 * The instance's HTTP-method members (Fastify 5, in every line): `supportedMethods` and
 * `addHttpMethod`. The methods belong to the application, whichever context adds one.
 */
export const httpMethodMethods = {
  /** The methods routes may declare: the app's line's built-ins and those added since. */
  get supportedMethods(): string[] {
    return (this as unknown as Instance)[kState].root.methods.list()
  },
  /**
   * Routes one more method (one node:http knows, written as it is sent: `'PROPFIND'`) and
   * adds its shorthand (`propfind()`) to this instance unless the name is taken. With
   * `hasBody: true` its request bodies are parsed; otherwise a route of it may not declare a
   * body schema.
   */
  addHttpMethod(this: Instance, method: string, options: AddHttpMethodOptions = {}): Instance {
    if (typeof method !== 'string' || !knownMethods.has(method)) {
      throw new errorCodes.FST_ERR_ROUTE_METHOD_INVALID()
    }
    const fresh = this[kState].root.methods.add(method, options.hasBody === true)
    if (!fresh && options.overrideExisting !== true) FSTDEP025(method)
    const name = method.toLowerCase()
    if (!this.hasDecorator(name)) this.decorate(name, routeShorthand(method))
    return this
  },
}
