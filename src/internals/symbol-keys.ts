// The Fastify symbols that mean something on arbor's objects: each is an accessor onto the field
// arbor itself uses, so a package that reads `reply[kRouteContext]` or sets
// `reply[kReplySerializer]` reads and changes what arbor's own code reads. Defined once on the
// root prototypes (Reply, Request, the instance class), so no request pays for them.
import { type FastifySymbolName, fastifySymbols } from '../config/fastify-symbols.ts'
import { Arbor } from '../context/instance.ts'
import { type ContextState, stateOf } from '../context/state.ts'
import { Reply } from '../request/reply.ts'
import { Request } from '../request/request.ts'
import type { ArborInstance } from '../types/instance.ts'

interface Accessor {
  get(this: object): unknown
  set?(this: object, value: unknown): void
}

/** A field of the object itself; `writable`: setting the symbol sets the field. */
function field(name: string, writable = false): Accessor {
  return {
    get() {
      return (this as Record<string, unknown>)[name]
    },
    set: writable
      ? function (value) {
          ;(this as Record<string, unknown>)[name] = value
        }
      : undefined,
  }
}

/** A value of the instance's context state. */
function state(read: (state: ContextState) => unknown): Accessor {
  return {
    get() {
      return read(stateOf(this as ArborInstance))
    },
  }
}

const onReply = {
  kRouteContext: field('route'),
  kReplySerializer: field('customSerializer', true),
  kReplyHeaders: field('outHeaders'),
  kReplyTrailers: field('trailers'),
  kReplyHijacked: field('hijacked', true),
  kReplyHasStatusCode: field('hasStatusCode'),
  kReplyStartTime: field('startTime'),
  kReplyIsRunningOnErrorHook: field('runningOnErrorHook'),
} satisfies Partial<Record<FastifySymbolName, Accessor>>

const onRequest = {
  kRouteContext: field('route'),
  kRequestOriginalUrl: field('originalUrl'),
} satisfies Partial<Record<FastifySymbolName, Accessor>>

const onInstance = {
  // the chain of error handlers of the context: what a reply made for it calls (internals/reply.ts)
  kErrorHandler: state((s) => s.errorHandler),
  kPluginNameChain: state((s) => s.nameChain),
  kRoutePrefix: state((s) => s.prefix),
  kRequest: state((s) => s.Request),
  kReply: state((s) => s.Reply),
  kChildren: state((s) => s.children.map((child) => child.instance)),
  kChildLoggerFactory: state((s) => s.childLoggerFactory),
  // the application's state: booting, started, listening, closing, readyPromise, as Fastify's
  kState: state((s) => s.root),
  kBodyLimit: state((s) => s.root.options.bodyLimit),
} satisfies Partial<Record<FastifySymbolName, Accessor>>

function define(target: object, accessors: Partial<Record<FastifySymbolName, Accessor>>): void {
  for (const [name, { get, set }] of Object.entries(accessors)) {
    const key = fastifySymbols[name as FastifySymbolName]
    Object.defineProperty(target, key, { get, set, enumerable: false, configurable: true })
  }
}

define(Reply.prototype, onReply)
define(Request.prototype, onRequest)
define(Arbor.prototype, onInstance)

/** The symbols whose reads mean what they mean in Fastify, by the object they are read on. */
export const meaningfulKeys = {
  reply: Object.keys(onReply),
  request: Object.keys(onRequest),
  instance: Object.keys(onInstance),
}
