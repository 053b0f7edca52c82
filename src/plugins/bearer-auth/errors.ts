import { STATUS_CODES } from 'node:http'
import { ArborError } from '../../index.ts'

/**
 * An error raised by the bearer-token plugin: an {@link ArborError} with a stable `code`.
 * Request errors carry 401 (credentials) or 500 (the `auth` function failed); registration
 * errors (bad options) carry the default 500. Codes are those of `@fastify/bearer-auth`
 * where that plugin has one.
 */
export class BearerAuthError extends ArborError {
  constructor(code: string, message: string, statusCode = 500) {
    super(message)
    this.name = 'BearerAuthError'
    this.code = code
    this.statusCode = statusCode
  }
}

/** The default error body: `{ statusCode, error, message }`, like every other arbor error. */
export function defaultErrorResponse(err: BearerAuthError): {
  statusCode: number
  error: string
  message: string
} {
  const { statusCode } = err
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message: err.message }
}

export const missingAuthorizationHeader = (): BearerAuthError =>
  new BearerAuthError(
    'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER',
    'missing authorization header',
    401,
  )

export const invalidAuthorizationHeader = (): BearerAuthError =>
  new BearerAuthError(
    'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER',
    'invalid authorization header',
    401,
  )

// The body never carries the cause's text: the cause is logged, the client sees this.
export const authFunctionFailed = (): BearerAuthError =>
  new BearerAuthError('FST_BEARER_AUTH_AUTH_FUNCTION_FAILED', 'internal server error', 500)

export const invalidOption = (code: string, message: string): BearerAuthError =>
  new BearerAuthError(code, message)
