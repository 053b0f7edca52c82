import type { Server } from 'node:http'
import { errorCodes } from '../errors.ts'
import type { ArborInstance } from '../types/instance.ts'
import type { ArborLogger } from '../types/logger.ts'
import type { InitialConfig } from '../types/server.ts'
import { arborVersion } from './loader/plugin-meta.ts'
import { type ContextState, kState } from './state.ts'

/**
 * The class of every instance. A child context is `Object.create(parent)`, so a decorator is a
 * property visible in its context and below (DESIGN.md "How encapsulation works"). The methods
 * are written one concern a file (`*-methods.ts`: in methods/, beside their concern in hooks/,
 * decorators/ and inspect/, in routing/ and in server/) and installed on the prototype by the
 * factory, server/create-app.ts.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the methods of the ArborInstance interface are installed on the prototype by installMethods
export class Arbor {
  declare [kState]: ContextState

  /** The version of the Fastify line the app follows (`fastifyLine`: 4.25.2 or 5.12.1). */
  get version(): string {
    return this[kState].root.options.line.version
  }
  /** arbor's own version. */
  get arborVersion(): string {
    return arborVersion
  }
  /** The factory options Fastify's configuration schema knows, validated, defaulted and frozen. */
  get initialConfig(): InitialConfig {
    return this[kState].root.options.initialConfig
  }
  get log(): ArborLogger {
    return this[kState].logger
  }
  /**
   * Fastify's `log` is a writable property (mercurius's tests assign it): the value assigned
   * becomes this context's own `log`, read here and in the contexts below that did not assign
   * theirs. Request loggers keep being built from the application's logger, as in Fastify.
   */
  set log(value: ArborLogger) {
    Object.defineProperty(this, 'log', {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  }
  get prefix(): string {
    return this[kState].prefix
  }
  get server(): Server {
    return this[kState].root.server
  }
  get pluginName(): string {
    return this[kState].nameChain.join(' -> ')
  }
}
export interface Arbor extends ArborInstance {}

/** Installs groups of methods (and accessors) on the instance prototype, like class members. */
export function installMethods(...groups: object[]): void {
  for (const group of groups) {
    const descriptors = Object.getOwnPropertyDescriptors(group)
    // Reflect.ownKeys: symbol-named methods (Symbol.asyncDispose) are installed too.
    for (const name of Reflect.ownKeys(descriptors)) {
      const descriptor = descriptors[name as keyof typeof descriptors]!
      Object.defineProperty(Arbor.prototype, name, { ...descriptor, enumerable: false })
    }
  }
}

/** Throws the option error for a setter given something other than a function. */
export function assertFunction(value: unknown, method: string): void {
  if (typeof value !== 'function') {
    throw new errorCodes.FST_ERR_INIT_OPTS_INVALID(
      `${method} expects a function, got ${typeof value}`,
    )
  }
}
