import { readDecorator } from '../../request/decorator-access.ts'
import { type Instance, kState } from '../state.ts'
import { addDecorator, hasDecorator } from './decorators.ts'

/** The instance's decorator methods (spec "Encapsulation rules" 2 and 5). */
export const decoratorMethods = {
  /** Adds a property to this instance, visible in this context and its descendants. */
  decorate(this: Instance, name: string, value: unknown, dependencies?: string[]) {
    addDecorator(this[kState].root, this, name, value, dependencies, 'instance')
    return this
  },
  /** Adds a property to requests of routes in this context and its descendants. */
  decorateRequest(this: Instance, name: string, value: unknown, dependencies?: string[]) {
    const state = this[kState]
    addDecorator(state.root, state.requestDecorators, name, value, dependencies, 'request')
    return this
  },
  /** Adds a property to replies of routes in this context and its descendants. */
  decorateReply(this: Instance, name: string, value: unknown, dependencies?: string[]) {
    const state = this[kState]
    addDecorator(state.root, state.replyDecorators, name, value, dependencies, 'reply')
    return this
  },
  hasDecorator(this: Instance, name: string): boolean {
    return name in this
  },
  /**
   * Fastify 5's `getDecorator`: the value of a decorator visible here, a function bound to this
   * instance; a name nothing visible declares throws FST_ERR_DEC_UNDECLARED.
   * @example
   * const db = app.getDecorator<Db>('db')
   */
  getDecorator(this: Instance, name: string | symbol): unknown {
    return readDecorator(this, name, 'instance', name in this)
  },
  hasRequestDecorator(this: Instance, name: string): boolean {
    const state = this[kState]
    return hasDecorator(state.root, state.requestDecorators, name, 'request')
  },
  hasReplyDecorator(this: Instance, name: string): boolean {
    const state = this[kState]
    return hasDecorator(state.root, state.replyDecorators, name, 'reply')
  },
}
