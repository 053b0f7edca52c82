import type { ArborReply, ArborRequest, DoneCallback } from '../../index.ts'
import { createKeyMatcher } from './compare.ts'
import {
  authFunctionFailed,
  type BearerAuthError,
  invalidAuthorizationHeader,
  missingAuthorizationHeader,
} from './errors.ts'
import type { ResolvedOptions } from './options.ts'

/**
 * Checks a request's bearer token. As an `onRequest` hook it replies 401/500 itself; with
 * `addHook: false` it passes the error to `done` instead, for the user's hook to handle.
 */
export type VerifyBearerAuth = (
  request: ArborRequest,
  reply: ArborReply,
  done: DoneCallback,
) => void

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}

export function createVerifier(options: ResolvedOptions): VerifyBearerAuth {
  const { bearerType, caseSensitive, errorResponse, contentType, addHook, logLevel } = options
  const check = options.auth ?? createKeyMatcher(options.keys ?? [])
  const scheme = caseSensitive ? bearerType : bearerType.toLowerCase()
  // RFC 6750 section 3: no error code when no token was sent, invalid_token when it was.
  const challenge = bearerType
  const invalidTokenChallenge = `${bearerType} error="invalid_token"`

  function reject(
    request: ArborRequest,
    reply: ArborReply,
    done: DoneCallback,
    error: BearerAuthError,
    wwwAuthenticate: string | undefined,
  ): void {
    // Only the error's code and fixed message are logged, never the header or the token.
    if (logLevel !== undefined) {
      request.log[logLevel]({ code: error.code }, `bearer auth: ${error.message}`)
    }
    reply.code(error.statusCode)
    if (wwwAuthenticate !== undefined) reply.header('www-authenticate', wwwAuthenticate)
    if (contentType !== undefined) reply.header('content-type', contentType)
    if (!addHook) {
      done(error)
      return
    }
    let body: unknown
    try {
      body = errorResponse(error)
    } catch (err) {
      done(err instanceof Error ? err : new Error(String(err)))
      return
    }
    reply.send(body)
  }

  function fail(
    request: ArborRequest,
    reply: ArborReply,
    done: DoneCallback,
    cause: unknown,
  ): void {
    request.log.error({ err: cause }, 'bearer auth: the auth function failed')
    reject(request, reply, done, authFunctionFailed(), undefined)
  }

  function settle(
    request: ArborRequest,
    reply: ArborReply,
    done: DoneCallback,
    accepted: unknown,
  ): void {
    if (accepted === true) done()
    else if (accepted === false) {
      reject(request, reply, done, invalidAuthorizationHeader(), invalidTokenChallenge)
    } else {
      fail(request, reply, done, new TypeError('the auth function must return true or false'))
    }
  }

  return function verifyBearerAuth(request, reply, done) {
    const header = request.headers.authorization
    if (header === undefined || header === '') {
      reject(request, reply, done, missingAuthorizationHeader(), challenge)
      return
    }
    const space = header.indexOf(' ')
    const given = space === -1 ? header : header.slice(0, space)
    const token = space === -1 ? '' : header.slice(space + 1).trim()
    if ((caseSensitive ? given : given.toLowerCase()) !== scheme || token === '') {
      reject(request, reply, done, invalidAuthorizationHeader(), challenge)
      return
    }

    let accepted: unknown
    try {
      accepted = check(token, request)
    } catch (err) {
      fail(request, reply, done, err)
      return
    }
    if (isThenable(accepted)) {
      accepted.then(
        (value) => settle(request, reply, done, value),
        (err: unknown) => fail(request, reply, done, err),
      )
    } else {
      settle(request, reply, done, accepted)
    }
  }
}
