import type { ArborLogger, ArborRequest } from '../../index.ts'
import { type BearerAuthError, defaultErrorResponse, invalidOption } from './errors.ts'

/** The accepted tokens: an array or a Set of non-empty strings. */
export type BearerAuthKeys = readonly string[] | ReadonlySet<string>

/**
 * Decides whether a presented token is accepted. Must return (or resolve to) exactly `true`
 * or `false`; anything else, a throw or a rejection is a server fault (500).
 */
export type BearerAuthFunction = (key: string, request: ArborRequest) => boolean | Promise<boolean>

/** A logger level the plugin may log rejected requests at. */
export type BearerAuthLogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

// A type literal, not an interface, so the options fit `register(plugin, options)`'s
// Record<string, unknown>.
type BearerAuthCommonOptions = {
  /** The authorization scheme expected before the token. Default `'Bearer'`. */
  bearerType?: string
  /**
   * `'rfc6750'` (default): the scheme must match `bearerType` exactly (case-sensitive).
   * `'rfc6749'`: the scheme is matched case-insensitively.
   */
  specCompliance?: 'rfc6750' | 'rfc6749'
  /** Shapes the body of every error reply. Default `{ statusCode, error, message }`. */
  errorResponse?: (err: BearerAuthError) => unknown
  /** The content-type of error replies. Default: the framework's (JSON for objects). */
  contentType?: string
  /**
   * `true` (default): protect the registering context with an `onRequest` hook.
   * `false`: only decorate the context with `verifyBearerAuth(request, reply, done)`.
   */
  addHook?: boolean
  /** The level rejected requests are logged at. Default `'error'`; `false` or `null` disables. */
  verifyErrorLogLevel?: BearerAuthLogLevel | false | null
}

/**
 * Options of {@link bearerAuth}: exactly one of `keys` (the accepted tokens) or `auth`
 * (a function deciding), plus the shared options.
 */
export type BearerAuthOptions = BearerAuthCommonOptions &
  ({ keys: BearerAuthKeys; auth?: undefined } | { auth: BearerAuthFunction; keys?: undefined })

/** The options after validation, in the shape the verifier uses. */
export interface ResolvedOptions {
  keys: readonly string[] | undefined
  auth: BearerAuthFunction | undefined
  bearerType: string
  caseSensitive: boolean
  errorResponse: (err: BearerAuthError) => unknown
  contentType: string | undefined
  addHook: boolean
  logLevel: BearerAuthLogLevel | undefined
}

const levels: ReadonlySet<string> = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])

function resolveKeys(keys: unknown): string[] {
  if (!Array.isArray(keys) && !(keys instanceof Set)) {
    throw invalidOption(
      'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE',
      'bearer auth: options.keys must be an array or a Set of strings',
    )
  }
  const list: unknown[] = [...keys]
  if (list.length === 0) {
    throw invalidOption(
      'FST_BEARER_AUTH_KEYS_OPTION_EMPTY',
      'bearer auth: options.keys must hold at least one key',
    )
  }
  // The message names the position only: a key's value never appears in an error.
  list.forEach((key, index) => {
    if (typeof key !== 'string' || key === '') {
      throw invalidOption(
        'FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE',
        `bearer auth: options.keys[${index}] must be a non-empty string`,
      )
    }
  })
  return list as string[]
}

function typeError(name: string, expected: string): BearerAuthError {
  return invalidOption(
    'FST_BEARER_AUTH_INVALID_OPTION',
    `bearer auth: options.${name} must be ${expected}`,
  )
}

/** Validates the options at registration; every mistake is a registration error. */
export function resolveOptions(input: unknown, log: ArborLogger): ResolvedOptions {
  if (typeof input !== 'object' || input === null) {
    throw invalidOption('FST_BEARER_AUTH_INVALID_OPTION', 'bearer auth: options must be an object')
  }
  const options = input as Record<string, unknown>
  const { keys, auth, errorResponse, contentType, addHook = true } = options
  const {
    bearerType = 'Bearer',
    specCompliance = 'rfc6750',
    verifyErrorLogLevel = 'error',
  } = options

  if (keys !== undefined && auth !== undefined) {
    throw invalidOption(
      'FST_BEARER_AUTH_KEYS_AND_AUTH',
      'bearer auth: options.keys and options.auth are alternatives, pass only one',
    )
  }
  if (keys === undefined && auth === undefined) {
    throw invalidOption(
      'FST_BEARER_AUTH_MISSING_KEYS',
      'bearer auth: options.keys (the accepted tokens) is required unless options.auth is given',
    )
  }
  if (auth !== undefined && typeof auth !== 'function') throw typeError('auth', 'a function')
  if (typeof bearerType !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(bearerType)) {
    throw typeError('bearerType', 'an authorization scheme name such as "Bearer"')
  }
  if (specCompliance !== 'rfc6750' && specCompliance !== 'rfc6749') {
    throw invalidOption(
      'FST_BEARER_AUTH_INVALID_SPEC',
      'bearer auth: options.specCompliance must be "rfc6750" or "rfc6749"',
    )
  }
  if (errorResponse !== undefined && typeof errorResponse !== 'function') {
    throw typeError('errorResponse', 'a function')
  }
  if (contentType !== undefined && (typeof contentType !== 'string' || contentType === '')) {
    throw typeError('contentType', 'a non-empty string')
  }
  if (typeof addHook !== 'boolean') throw typeError('addHook', 'a boolean')

  let logLevel: BearerAuthLogLevel | undefined
  if (verifyErrorLogLevel !== false && verifyErrorLogLevel !== null) {
    if (
      typeof verifyErrorLogLevel !== 'string' ||
      !levels.has(verifyErrorLogLevel) ||
      typeof log[verifyErrorLogLevel as BearerAuthLogLevel] !== 'function'
    ) {
      throw invalidOption(
        'FST_BEARER_AUTH_INVALID_LOG_LEVEL',
        `bearer auth: options.verifyErrorLogLevel must be false, null or one of ${[...levels].join(', ')}`,
      )
    }
    logLevel = verifyErrorLogLevel as BearerAuthLogLevel
  }

  return {
    keys: keys === undefined ? undefined : resolveKeys(keys),
    auth: auth as BearerAuthFunction | undefined,
    bearerType,
    caseSensitive: specCompliance === 'rfc6750',
    errorResponse:
      (errorResponse as ResolvedOptions['errorResponse'] | undefined) ?? defaultErrorResponse,
    contentType: contentType as string | undefined,
    addHook,
    logLevel,
  }
}
