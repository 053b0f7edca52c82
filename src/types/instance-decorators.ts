// The members of the instance for decorators: adding them (the instance type returned has them,
// docs/typescript.md) and asking for them. `ArborInstance` (types/instance-core.ts) extends
// them with itself, `ArborRequest` and `ArborReply` as `Instance`, `Request` and `Reply`.
import type { Decoration, WithReplyTypes, WithRequestTypes } from './context-types.ts'

/** Decorators of the instance, its requests and its replies (see `ArborInstance`). */
export interface InstanceDecorators<Instance, Request, Reply> {
  /**
   * Adds a property to this instance, visible in this context and its descendants. The
   * instance type returned has it (unless the name was declared by declaration merging).
   */
  decorate<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & Decoration<Instance, K, V>
  /**
   * Adds a property to requests of routes in this context and its descendants. The instance
   * type returned types it on their requests: `app.decorateRequest('user', null as User | null)`.
   */
  decorateRequest<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & WithRequestTypes<Decoration<Request, K, V>>
  /** Adds a property to replies of routes in this context and its descendants (typed as above). */
  decorateReply<K extends string, V>(
    name: K,
    value: V,
    dependencies?: string[],
  ): this & WithReplyTypes<Decoration<Reply, K, V>>
  hasDecorator(name: string): boolean
  /** A decorator visible here (a function comes bound to this instance); throws when none is. */
  getDecorator<T = unknown>(name: string | symbol): T
  hasRequestDecorator(name: string): boolean
  hasReplyDecorator(name: string): boolean
}
