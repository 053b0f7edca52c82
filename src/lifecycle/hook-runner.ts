import { errorCodes } from '../errors.ts'
import type {
  BoundHook,
  RoutedReply as Reply,
  RoutedRequest as Request,
} from '../request/route-context.ts'

/** `err` is null when the chain completed, else what a hook failed with (any value, as is). */
export type Next = (err: unknown, request: Request, reply: Reply) => void
export type PayloadNext = (err: unknown, request: Request, reply: Reply, payload: unknown) => void

type RequestHookFn = (request: Request, reply: Reply, done: (err?: unknown) => void) => unknown
type PayloadHookFn = (
  request: Request,
  reply: Reply,
  payload: unknown,
  done: (err?: unknown, payload?: unknown) => void,
) => unknown

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  )
}

/**
 * What a hook failed with, as Fastify passes it on: the value itself (a string, a plain object),
 * except that a missing value becomes FST_ERR_SEND_UNDEFINED_ERR.
 */
export function asFailure(value: unknown): unknown {
  return value === undefined || value === null ? new errorCodes.FST_ERR_SEND_UNDEFINED_ERR() : value
}

/** An Error for a log line, whatever was thrown. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value
  if (value === undefined || value === null) return new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()
  const err = new Error(typeof value === 'string' ? value : 'Non-error value thrown')
  ;(err as Error & { cause?: unknown }).cause = value
  return err
}

/**
 * Runs request hooks in order (callback or async style). The chain stops when a hook fails
 * (then `next` gets the error), when a hook replied early (also by ending `reply.raw`), or
 * when the reply was hijacked.
 */
export function runRequestHooks(
  hooks: BoundHook[],
  request: Request,
  reply: Reply,
  next: Next,
): void {
  let i = 0
  let settledIndex = -1
  function step(err?: unknown): void {
    if (reply.hijacked) return
    // done(err): any truthy value fails the chain (Fastify's `if (err)`)
    if (err) {
      next(err, request, reply)
      return
    }
    if (i === hooks.length) {
      next(null, request, reply)
      return
    }
    // Replied already, by reply.send() or on the raw response (@fastify/middie's `res.end()`):
    // Fastify's `reply.sent` check, which also stops the chain without going on.
    if (reply.payloadStarted || reply.raw.writableEnded) return
    const fn = hooks[i++] as unknown as RequestHookFn
    const index = i
    const done = (e?: unknown) => {
      // A hook calling done twice must not run the rest of the chain twice.
      if (settledIndex >= index) return
      settledIndex = index
      step(e)
    }
    let result: unknown
    try {
      result = fn(request, reply, done)
    } catch (e) {
      // whatever was thrown fails the chain, even a falsy value (Fastify's catch does too)
      if (settledIndex >= index || reply.hijacked) return
      settledIndex = index
      next(asFailure(e), request, reply)
      return
    }
    if (isThenable(result)) {
      result.then(
        () => done(),
        (e: unknown) => done(e || new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()),
      )
    }
  }
  step()
}

/**
 * Runs hooks that see (and may replace) a payload: preParsing, preSerialization, onSend.
 * preParsing (`beforeReply`) stops, as Fastify's does, once a hook has replied, even if it then
 * called `done`; the others run while the reply is being sent.
 */
export function runPayloadHooks(
  hooks: BoundHook[],
  request: Request,
  reply: Reply,
  payload: unknown,
  next: PayloadNext,
  beforeReply = false,
): void {
  let i = 0
  let settledIndex = -1
  function step(err?: unknown, newPayload?: unknown): void {
    if (reply.hijacked || (beforeReply && reply.sent)) return
    if (newPayload !== undefined) payload = newPayload
    if (err) {
      next(err, request, reply, payload)
      return
    }
    if (i === hooks.length) {
      next(null, request, reply, payload)
      return
    }
    const fn = hooks[i++] as unknown as PayloadHookFn
    const index = i
    const done = (e?: unknown, p?: unknown) => {
      if (settledIndex >= index) return
      settledIndex = index
      step(e, p)
    }
    let result: unknown
    try {
      result = fn(request, reply, payload, done)
    } catch (e) {
      if (settledIndex >= index || reply.hijacked) return
      settledIndex = index
      next(asFailure(e), request, reply, payload)
      return
    }
    if (isThenable(result)) {
      result.then(
        (p) => done(undefined, p),
        (e: unknown) => done(e || new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()),
      )
    }
  }
  step()
}

/**
 * Runs hooks whose errors cannot change the response any more (onResponse, onTimeout,
 * onRequestAbort, onError): every hook runs; failures are logged. A null reply means
 * onRequestAbort, whose hooks take (request, done) as in Fastify.
 */
export function runObserverHooks(
  hooks: BoundHook[],
  request: Request,
  reply: Reply | null,
  extra: unknown,
  withExtra: boolean,
  onDone?: () => void,
): void {
  let i = 0
  function step(err?: unknown): void {
    if (err !== undefined && err !== null) {
      request.log.error({ err: toError(err) }, 'hook failed after the response was decided')
    }
    if (i === hooks.length) {
      onDone?.()
      return
    }
    const fn = hooks[i++] as unknown as (...args: unknown[]) => unknown
    let called = false
    const done = (e?: unknown) => {
      if (called) return
      called = true
      step(e)
    }
    let result: unknown
    try {
      result =
        reply === null
          ? fn(request, done)
          : withExtra
            ? fn(request, reply, extra, done)
            : fn(request, reply, done)
    } catch (e) {
      done(e)
      return
    }
    if (isThenable(result))
      result.then(
        () => done(),
        (e: unknown) => done(e ?? new Error('hook rejected')),
      )
  }
  step()
}
