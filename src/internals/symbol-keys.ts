// The Fastify symbols that mean something on arbor's objects: each is an accessor onto the field
// arbor itself uses, so a package that reads `reply[kRouteContext]` or sets
// `reply[kReplySerializer]` reads and changes what arbor's own code reads. Defined once on the
// root prototypes (Reply, Request, the instance class), so no request pays for them.
import { fastifySymbols as k } from '../config/fastify-symbols.ts'
import { Arbor } from '../context/instance.ts'
import { stateOf } from '../context/state.ts'
import { Reply } from '../request/reply.ts'
import { Request } from '../request/request.ts'
import type { ArborInstance } from '../types/instance.ts'

type Field<T> = { get(this: T): unknown; set?(this: T, value: never): void }

function define<T>(target: object, fields: Array<[symbol, Field<T>]>): void {
  for (const [key, { get, set }] of fields) {
    Object.defineProperty(target, key, { get, set, enumerable: false, configurable: true })
  }
}

define<Reply>(Reply.prototype, [
  [
    k.kRouteContext,
    {
      get: function () {
        return this.route
      },
    },
  ],
  [
    k.kReplySerializer,
    {
      get: function () {
        return this.customSerializer
      },
      set: function (value: Reply['customSerializer']) {
        this.customSerializer = value
      },
    },
  ],
  [
    k.kReplyHeaders,
    {
      get: function () {
        return this.outHeaders
      },
    },
  ],
  [
    k.kReplyTrailers,
    {
      get: function () {
        return this.trailers
      },
    },
  ],
  [
    k.kReplyHijacked,
    {
      get: function () {
        return this.hijacked
      },
      set: function (value: boolean) {
        this.hijacked = value
      },
    },
  ],
  [
    k.kReplyHasStatusCode,
    {
      get: function () {
        return this.hasStatusCode
      },
    },
  ],
  [
    k.kReplyStartTime,
    {
      get: function () {
        return this.startTime
      },
    },
  ],
  [
    k.kReplyIsRunningOnErrorHook,
    {
      get: function () {
        return this.runningOnErrorHook
      },
    },
  ],
])

define<Request>(Request.prototype, [
  [
    k.kRouteContext,
    {
      get: function () {
        return this.route
      },
    },
  ],
  [
    k.kRequestOriginalUrl,
    {
      get: function () {
        return this.originalUrl
      },
    },
  ],
])

define<ArborInstance>(Arbor.prototype, [
  // the chain of error handlers of the context: what a reply made for it calls (internals/reply.ts)
  [
    k.kErrorHandler,
    {
      get: function () {
        return stateOf(this).errorHandler
      },
    },
  ],
  [
    k.kPluginNameChain,
    {
      get: function () {
        return stateOf(this).nameChain
      },
    },
  ],
  [
    k.kRoutePrefix,
    {
      get: function () {
        return stateOf(this).prefix
      },
    },
  ],
  [
    k.kRequest,
    {
      get: function () {
        return stateOf(this).Request
      },
    },
  ],
  [
    k.kReply,
    {
      get: function () {
        return stateOf(this).Reply
      },
    },
  ],
  [
    k.kChildren,
    {
      get: function () {
        return stateOf(this).children.map((c) => c.instance)
      },
    },
  ],
  [
    k.kChildLoggerFactory,
    {
      get: function () {
        return stateOf(this).childLoggerFactory
      },
    },
  ],
  // the application's state: booting, started, listening, closing, readyPromise, as Fastify's
  [
    k.kState,
    {
      get: function () {
        return stateOf(this).root
      },
    },
  ],
  [
    k.kBodyLimit,
    {
      get: function () {
        return stateOf(this).root.options.bodyLimit
      },
    },
  ],
])

/** The keys above, for docs and tests: the symbols whose reads mean what they mean in Fastify. */
export const meaningfulKeys = {
  reply: [
    'kRouteContext',
    'kReplySerializer',
    'kReplyHeaders',
    'kReplyTrailers',
    'kReplyHijacked',
    'kReplyHasStatusCode',
    'kReplyStartTime',
    'kReplyIsRunningOnErrorHook',
  ],
  request: ['kRouteContext', 'kRequestOriginalUrl'],
  instance: [
    'kErrorHandler',
    'kPluginNameChain',
    'kRoutePrefix',
    'kRequest',
    'kReply',
    'kChildren',
    'kChildLoggerFactory',
    'kState',
    'kBodyLimit',
  ],
} as const
