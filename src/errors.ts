import { format } from 'node:util'

/** Every error arbor creates carries a stable `code` (Fastify's `FST_ERR_*` names) and a status. */
export interface ArborErrorShape extends Error {
  code: string
  statusCode: number
}

/**
 * A constructor for one kind of arbor error; its arguments fill the `%s` slots of the message.
 * Like @fastify/error's constructors, it may also be called without `new`.
 */
export interface ArborErrorClass {
  new (...args: unknown[]): ArborError
  (...args: unknown[]): ArborError
  readonly code: string
  readonly statusCode: number
  readonly prototype: ArborError
}

const brand = Symbol.for('arbor.error')

/**
 * Base class of every error the framework throws. `instanceof ArborError` holds across two
 * copies of the package because the check looks for a brand rather than the prototype chain.
 */
export class ArborError extends Error implements ArborErrorShape {
  code = 'FST_ERR_UNKNOWN'
  statusCode = 500
  declare validation?: unknown
  declare validationContext?: string
}
// The brand for ArborError itself; each error class keeps the ordinary check (its subclasses
// inherit this static), so that `err instanceof errorCodes.FST_ERR_BAD_URL` tells kinds apart.
Object.defineProperty(ArborError, Symbol.hasInstance, {
  value(this: Function, value: unknown): boolean {
    if (this !== ArborError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && brand in value
  },
})
Object.defineProperty(ArborError.prototype, brand, { value: true })
Object.defineProperty(ArborError.prototype, 'name', { value: 'FastifyError', writable: true })

// Fastify makes some of its errors TypeErrors, RangeErrors or URIErrors: so does arbor, with
// the same brand and name, so `instanceof TypeError` and `instanceof ArborError` both hold.
const brandedBases = new Map<ErrorConstructor, typeof ArborError>([[Error, ArborError]])
function brandedBase(Base: ErrorConstructor): typeof ArborError {
  let Branded = brandedBases.get(Base)
  if (Branded === undefined) {
    const Made = class extends Base {
      code = 'FST_ERR_UNKNOWN'
      statusCode = 500
    }
    Object.defineProperty(Made.prototype, brand, { value: true })
    Object.defineProperty(Made.prototype, 'name', { value: 'FastifyError', writable: true })
    Branded = Made as unknown as typeof ArborError
    brandedBases.set(Base, Branded)
  }
  return Branded
}

function define(code: string, message: string, statusCode = 500, Base: ErrorConstructor = Error) {
  class Defined extends brandedBase(Base) {
    constructor(...args: unknown[]) {
      super(args.length > 0 ? format(message, ...args) : message.replace(/ ?'?%s'?/g, ''))
      this.code = code
      this.statusCode = statusCode
    }
  }
  Object.defineProperty(Defined, 'name', { value: code })
  Object.defineProperty(Defined, 'code', { value: code })
  Object.defineProperty(Defined, 'statusCode', { value: statusCode })
  return callableClass(Defined)
}

/**
 * An error class that can also be called as a function, as @fastify/error's constructors can
 * (`errorCodes.FST_ERR_VALIDATION('msg')`, in Fastify 4 and 5): the call constructs. `new`,
 * `instanceof`, `extends` and the statics go to the class itself, and `err.constructor` is the
 * callable form, so it compares equal to the `errorCodes` entry.
 */
export function callableClass(Cls: abstract new (...args: never[]) => Error): ArborErrorClass {
  type Concrete = new (...args: unknown[]) => Error
  // Both traps construct with the class itself as new.target, V8's fast path (a construction
  // for the proxy as new.target would take the slow one); a subclass keeps its own new.target.
  const callable: Concrete = new Proxy(Cls as unknown as Concrete, {
    apply: (target, _thisArg, args: unknown[]): Error => new target(...args),
    construct: (target, args: unknown[], newTarget: Function): Error =>
      newTarget === callable ? new target(...args) : Reflect.construct(target, args, newTarget),
  })
  Object.defineProperty(Cls.prototype, 'constructor', {
    value: callable,
    writable: true,
    configurable: true,
  })
  return callable as unknown as ArborErrorClass
}

/** The table of every error arbor throws, by code. */
export const errorCodes = {
  FST_ERR_NOT_FOUND: define('FST_ERR_NOT_FOUND', 'Not Found', 404),
  FST_ERR_OPTIONS_NOT_OBJ: define(
    'FST_ERR_OPTIONS_NOT_OBJ',
    'Options must be an object',
    500,
    TypeError,
  ),
  FST_ERR_INIT_OPTS_INVALID: define(
    'FST_ERR_INIT_OPTS_INVALID',
    "Invalid initialization options: '%s'",
  ),
  FST_ERR_QSP_NOT_FN: define(
    'FST_ERR_QSP_NOT_FN',
    "querystringParser option should be a function, instead got '%s'",
    500,
    TypeError,
  ),
  FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN: define(
    'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN',
    "schemaErrorFormatter option should be a non async function. Instead got '%s'.",
    500,
    TypeError,
  ),
  FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ: define(
    'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ',
    "ajv.customOptions option should be an object, instead got '%s'",
    500,
    TypeError,
  ),
  FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR: define(
    'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR',
    "ajv.plugins option should be an array, instead got '%s'",
    500,
    TypeError,
  ),
  FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN: define(
    'FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN',
    "schemaController.bucket option should be a function, instead got '%s'",
  ),
  FST_ERR_VALIDATION: define('FST_ERR_VALIDATION', '%s', 400),
  FST_ERR_LISTEN_OPTIONS_INVALID: define(
    'FST_ERR_LISTEN_OPTIONS_INVALID',
    "Invalid listen options: '%s'",
    500,
    TypeError,
  ),

  FST_ERR_CTP_ALREADY_PRESENT: define(
    'FST_ERR_CTP_ALREADY_PRESENT',
    "Content type parser '%s' already present.",
  ),
  FST_ERR_CTP_INVALID_TYPE: define(
    'FST_ERR_CTP_INVALID_TYPE',
    'The content type should be a string or a RegExp',
    500,
    TypeError,
  ),
  FST_ERR_CTP_EMPTY_TYPE: define(
    'FST_ERR_CTP_EMPTY_TYPE',
    'The content type cannot be an empty string',
    500,
    TypeError,
  ),
  FST_ERR_CTP_INVALID_HANDLER: define(
    'FST_ERR_CTP_INVALID_HANDLER',
    'The content type handler should be a function',
    500,
    TypeError,
  ),
  FST_ERR_CTP_INVALID_PARSE_TYPE: define(
    'FST_ERR_CTP_INVALID_PARSE_TYPE',
    "The body parser can only parse your data as 'string' or 'buffer', you asked '%s' which is not supported.",
    500,
    TypeError,
  ),
  FST_ERR_CTP_BODY_TOO_LARGE: define(
    'FST_ERR_CTP_BODY_TOO_LARGE',
    'Request body is too large',
    413,
    RangeError,
  ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: define(
    'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    'Unsupported Media Type: %s',
    415,
  ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: define(
    'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    'Request body size did not match Content-Length',
    400,
    RangeError,
  ),
  FST_ERR_CTP_EMPTY_JSON_BODY: define(
    'FST_ERR_CTP_EMPTY_JSON_BODY',
    "Body cannot be empty when content-type is set to 'application/json'",
    400,
  ),
  FST_ERR_CTP_INVALID_JSON_BODY: define(
    'FST_ERR_CTP_INVALID_JSON_BODY',
    "Body is not valid JSON but content-type is set to 'application/json'",
    400,
  ),
  FST_ERR_CTP_PROTO_POISONING: define(
    'FST_ERR_CTP_PROTO_POISONING',
    'Body contains a forbidden prototype property: %s',
    400,
  ),
  FST_ERR_CTP_INSTANCE_ALREADY_STARTED: define(
    'FST_ERR_CTP_INSTANCE_ALREADY_STARTED',
    'Cannot call "%s" when fastify instance is already started!',
    400,
  ),

  FST_ERR_DEC_ALREADY_PRESENT: define(
    'FST_ERR_DEC_ALREADY_PRESENT',
    "The decorator '%s' has already been added!",
  ),
  FST_ERR_DEC_DEPENDENCY_INVALID_TYPE: define(
    'FST_ERR_DEC_DEPENDENCY_INVALID_TYPE',
    "The dependencies of decorator '%s' must be of type Array.",
    500,
    TypeError,
  ),
  FST_ERR_DEC_MISSING_DEPENDENCY: define(
    'FST_ERR_DEC_MISSING_DEPENDENCY',
    "The decorator is missing dependency '%s'.",
  ),
  FST_ERR_DEC_AFTER_START: define(
    'FST_ERR_DEC_AFTER_START',
    "The decorator '%s' has been added after start!",
  ),
  // Fastify 5's getDecorator, for a name nothing visible declares
  FST_ERR_DEC_UNDECLARED: define(
    'FST_ERR_DEC_UNDECLARED',
    "No decorator '%s' has been declared on %s.",
  ),

  FST_ERR_HOOK_INVALID_TYPE: define(
    'FST_ERR_HOOK_INVALID_TYPE',
    'The hook name must be a string',
    500,
    TypeError,
  ),
  FST_ERR_HOOK_INVALID_HANDLER: define(
    'FST_ERR_HOOK_INVALID_HANDLER',
    '%s hook should be a function, instead got %s',
    500,
    TypeError,
  ),
  FST_ERR_HOOK_INVALID_ASYNC_HANDLER: define(
    'FST_ERR_HOOK_INVALID_ASYNC_HANDLER',
    "Async function has too many arguments. Async hooks should not use the 'done' argument.",
    500,
    TypeError,
  ),
  FST_ERR_HOOK_NOT_SUPPORTED: define(
    'FST_ERR_HOOK_NOT_SUPPORTED',
    '%s hook not supported!',
    500,
    TypeError,
  ),
  FST_ERR_HOOK_TIMEOUT: define(
    'FST_ERR_HOOK_TIMEOUT',
    // the second slot names the hook function in the Fastify 5 line (` "name"`), '' in 4.25's
    "A callback for '%s' hook%s timed out. You may have forgotten to call 'done' function or to resolve a Promise",
  ),

  FST_ERR_LOG_INVALID_LOGGER: define(
    'FST_ERR_LOG_INVALID_LOGGER',
    "Invalid logger object provided. The logger instance should have these functions(s): '%s'.",
    500,
    TypeError,
  ),

  FST_ERR_LOG_INVALID_DESTINATION: define(
    'FST_ERR_LOG_INVALID_DESTINATION',
    'Cannot specify both logger.stream and logger.file options',
  ),

  FST_ERR_LOG_INVALID_LOGGER_INSTANCE: define(
    'FST_ERR_LOG_INVALID_LOGGER_INSTANCE',
    'loggerInstance only accepts a logger instance.',
    500,
    TypeError,
  ),

  FST_ERR_LOG_INVALID_LOGGER_CONFIG: define(
    'FST_ERR_LOG_INVALID_LOGGER_CONFIG',
    'logger options only accepts a configuration object.',
    500,
    TypeError,
  ),

  FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED: define(
    'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED',
    'You cannot provide both logger and loggerInstance. Please provide only one.',
    500,
    TypeError,
  ),

  FST_ERR_ROUTE_LOG_LEVEL_INVALID: define(
    'FST_ERR_ROUTE_LOG_LEVEL_INVALID',
    "Log level for '%s:%s' route must be a valid logger level. Received: '%s'",
    500,
    TypeError,
  ),

  FST_ERR_REP_INVALID_PAYLOAD_TYPE: define(
    'FST_ERR_REP_INVALID_PAYLOAD_TYPE',
    "Attempted to send payload of invalid type '%s'. Expected a string or Buffer.",
    500,
    TypeError,
  ),
  FST_ERR_REP_RESPONSE_BODY_CONSUMED: define(
    'FST_ERR_REP_RESPONSE_BODY_CONSUMED',
    'Response.body is already consumed.',
  ),
  FST_ERR_REP_READABLE_STREAM_LOCKED: define(
    'FST_ERR_REP_READABLE_STREAM_LOCKED',
    'ReadableStream was locked. You should call releaseLock() method on reader before sending.',
  ),
  FST_ERR_REP_ALREADY_SENT: define(
    'FST_ERR_REP_ALREADY_SENT',
    'Reply was already sent, did you forget to "return reply" in "%s" (%s)?',
  ),
  FST_ERR_REP_SENT_VALUE: define(
    'FST_ERR_REP_SENT_VALUE',
    'The only possible value for reply.sent is true.',
    500,
    TypeError,
  ),
  FST_ERR_SEND_INSIDE_ONERR: define(
    'FST_ERR_SEND_INSIDE_ONERR',
    'You cannot use `send` inside the `onError` hook',
  ),
  FST_ERR_SEND_UNDEFINED_ERR: define('FST_ERR_SEND_UNDEFINED_ERR', 'Undefined error has occurred'),
  FST_ERR_BAD_STATUS_CODE: define(
    'FST_ERR_BAD_STATUS_CODE',
    'Called reply with an invalid status code: %s',
  ),
  FST_ERR_BAD_TRAILER_NAME: define(
    'FST_ERR_BAD_TRAILER_NAME',
    'Called reply.trailer with an invalid header name: %s',
  ),
  FST_ERR_BAD_TRAILER_VALUE: define(
    'FST_ERR_BAD_TRAILER_VALUE',
    "Called reply.trailer('%s', fn) with an invalid type: %s. Expected a function.",
  ),
  FST_ERR_FAILED_ERROR_SERIALIZATION: define(
    'FST_ERR_FAILED_ERROR_SERIALIZATION',
    'Failed to serialize an error. Error: %s. Original error: %s',
  ),
  FST_ERR_MISSING_SERIALIZATION_FN: define(
    'FST_ERR_MISSING_SERIALIZATION_FN',
    'Missing serialization function. Key "%s"',
  ),
  FST_ERR_PROMISE_NOT_FULFILLED: define(
    'FST_ERR_PROMISE_NOT_FULFILLED',
    "Promise may not be fulfilled with 'undefined' when statusCode is not 204",
  ),

  FST_ERR_SCH_MISSING_ID: define('FST_ERR_SCH_MISSING_ID', 'Missing schema $id property'),
  FST_ERR_SCH_ALREADY_PRESENT: define(
    'FST_ERR_SCH_ALREADY_PRESENT',
    "Schema with id '%s' already declared!",
  ),
  FST_ERR_SCH_CONTENT_MISSING_SCHEMA: define(
    'FST_ERR_SCH_CONTENT_MISSING_SCHEMA',
    "Schema is missing for the content type '%s'",
  ),
  FST_ERR_SCH_DUPLICATE: define('FST_ERR_SCH_DUPLICATE', "Schema with '%s' already present!"),
  FST_ERR_SCH_VALIDATION_BUILD: define(
    'FST_ERR_SCH_VALIDATION_BUILD',
    'Failed building the validation schema for %s: %s, due to error %s',
  ),
  FST_ERR_SCH_SERIALIZATION_BUILD: define(
    'FST_ERR_SCH_SERIALIZATION_BUILD',
    'Failed building the serialization schema for %s: %s, due to error %s',
  ),
  // arbor's own: a response Standard Schema without a JSON Schema is checked before it is sent
  FST_ERR_SCH_RESPONSE_VALIDATION: define(
    'FST_ERR_SCH_RESPONSE_VALIDATION',
    'The response for status %s does not match its schema: %s',
  ),
  FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX: define(
    'FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX',
    'response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }',
  ),

  FST_ERR_DUPLICATED_ROUTE: define(
    'FST_ERR_DUPLICATED_ROUTE',
    "Method '%s' already declared for route '%s'",
  ),
  FST_ERR_BAD_URL: define('FST_ERR_BAD_URL', "'%s' is not a valid url component", 400, URIError),
  FST_ERR_MAX_PARAM_LENGTH: define(
    'FST_ERR_MAX_PARAM_LENGTH',
    "'%s' is exceeding the max param length",
    414,
    URIError,
  ),
  FST_ERR_INVALID_URL: define(
    'FST_ERR_INVALID_URL',
    "URL must be a string. Received '%s'",
    400,
    TypeError,
  ),
  FST_ERR_ROUTE_OPTIONS_NOT_OBJ: define(
    'FST_ERR_ROUTE_OPTIONS_NOT_OBJ',
    'Options for "%s:%s" route must be an object',
    500,
    TypeError,
  ),
  FST_ERR_ROUTE_DUPLICATED_HANDLER: define(
    'FST_ERR_ROUTE_DUPLICATED_HANDLER',
    'Duplicate handler for "%s:%s" route is not allowed!',
  ),
  FST_ERR_ROUTE_HANDLER_NOT_FN: define(
    'FST_ERR_ROUTE_HANDLER_NOT_FN',
    'Error Handler for %s:%s route, if defined, must be a function',
    500,
    TypeError,
  ),
  FST_ERR_ROUTE_MISSING_HANDLER: define(
    'FST_ERR_ROUTE_MISSING_HANDLER',
    'Missing handler function for "%s:%s" route.',
  ),
  FST_ERR_ROUTE_METHOD_INVALID: define(
    'FST_ERR_ROUTE_METHOD_INVALID',
    'Provided method is invalid!',
    500,
    TypeError,
  ),
  FST_ERR_ROUTE_METHOD_NOT_SUPPORTED: define(
    'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED',
    '%s method is not supported (route "%s").',
  ),
  FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED: define(
    'FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED',
    'Body validation schema for %s:%s route is not supported!',
  ),
  FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT: define(
    'FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT',
    "'bodyLimit' option must be an integer > 0. Got '%s'",
    500,
    TypeError,
  ),
  FST_ERR_ROUTE_PATH_INVALID: define(
    'FST_ERR_ROUTE_PATH_INVALID',
    'Invalid path for "%s:%s" route: %s',
  ),
  FST_ERR_ROUTE_PATH_EMPTY: define('FST_ERR_ROUTE_PATH_EMPTY', 'The path could not be empty'),
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: define(
    'FST_ERR_ROUTE_MISSING_CONTENT_TYPE',
    "Method '%s' must provide a 'Content-Type' header.",
    400,
  ),
  FST_ERR_ROUTE_MISSING_CONTENT: define(
    'FST_ERR_ROUTE_MISSING_CONTENT',
    "Method '%s' must provide a request body.",
    400,
  ),
  FST_ERR_ROUTE_REWRITE_NOT_STR: define(
    'FST_ERR_ROUTE_REWRITE_NOT_STR',
    'Rewrite url for "%s" needs to be of type "string" but received "%s"',
  ),
  // Fastify 4's deprecated setDefaultRoute, given something other than a function
  FST_ERR_DEFAULT_ROUTE_INVALID_TYPE: define(
    'FST_ERR_DEFAULT_ROUTE_INVALID_TYPE',
    'The defaultRoute type should be a function',
    500,
    TypeError,
  ),
  FST_ERR_ASYNC_CONSTRAINT: define(
    'FST_ERR_ASYNC_CONSTRAINT',
    'Unexpected error from async constraint',
  ),
  FST_ERR_VERSION_CONSTRAINT_NOT_STR: define(
    'FST_ERR_VERSION_CONSTRAINT_NOT_STR',
    'Version constraint should be a string.',
  ),

  FST_ERR_REOPENED_CLOSE_SERVER: define(
    'FST_ERR_REOPENED_CLOSE_SERVER',
    'Fastify has already been closed and cannot be reopened',
  ),
  FST_ERR_REOPENED_SERVER: define('FST_ERR_REOPENED_SERVER', 'Fastify is already listening'),
  // arbor's own: Fastify 5's listeningOrigin reads a missing address and throws a TypeError
  FST_ERR_NOT_LISTENING: define(
    'FST_ERR_NOT_LISTENING',
    'The server is not listening: listeningOrigin is known once listen() has resolved',
  ),
  FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE: define(
    'FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE',
    "Cannot set forceCloseConnections to 'idle' as your HTTP server does not support closeIdleConnections method",
  ),
  FST_ERR_INSTANCE_ALREADY_LISTENING: define(
    'FST_ERR_INSTANCE_ALREADY_LISTENING',
    'Fastify instance is already listening. %s',
  ),
  FST_ERR_ERROR_HANDLER_NOT_FN: define(
    'FST_ERR_ERROR_HANDLER_NOT_FN',
    'Error Handler must be a function',
    500,
    TypeError,
  ),
  FST_ERR_ERROR_HANDLER_ALREADY_SET: define(
    'FST_ERR_ERROR_HANDLER_ALREADY_SET',
    "Error Handler already set in this scope. Set 'allowErrorHandlerOverride: true' to allow overriding.",
    500,
    TypeError,
  ),
  FST_ERR_NOT_FOUND_HANDLER_ALREADY_SET: define(
    'FST_ERR_NOT_FOUND_HANDLER_ALREADY_SET',
    "Not found handler already set for Fastify instance with prefix: '%s'",
  ),

  FST_ERR_PLUGIN_VERSION_MISMATCH: define(
    'FST_ERR_PLUGIN_VERSION_MISMATCH',
    "plugin %s - expected '%s' %s version, '%s' is installed",
  ),
  FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE: define(
    'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE',
    "The decorator '%s'%s is not present in %s",
  ),
  FST_ERR_PLUGIN_DEPENDENCY_MISSING: define(
    'FST_ERR_PLUGIN_DEPENDENCY_MISSING',
    "The dependency '%s' of plugin '%s' is not registered",
  ),
  FST_ERR_PLUGIN_CALLBACK_NOT_FN: define(
    'FST_ERR_PLUGIN_CALLBACK_NOT_FN',
    'plugin: %s',
    500,
    TypeError,
  ),
  FST_ERR_PLUGIN_NOT_VALID: define('FST_ERR_PLUGIN_NOT_VALID', 'plugin: %s'),
  // Thrown in the Fastify 5 line only; the Fastify 4 line warns FSTWRN002 (line row
  // `pluginMixedStyleThrows`).
  FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER: define(
    'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER',
    'The %s plugin being registered mixes async and callback styles. Async plugin should not mix async and callback style.',
    500,
    TypeError,
  ),
  // Fastify's text: the loader's AVV_ERR_READY_TIMEOUT message (which names the plugin) follows.
  FST_ERR_PLUGIN_TIMEOUT: define('FST_ERR_PLUGIN_TIMEOUT', 'fastify-plugin: %s'),

  // Requests refused before routing (docs/errors.md "Answered to clients").
  FST_ERR_UNSUPPORTED_HTTP_VERSION: define(
    'FST_ERR_UNSUPPORTED_HTTP_VERSION',
    'HTTP Version Not Supported',
    505,
  ),
  FST_ERR_BAD_HOST_HEADER: define('FST_ERR_BAD_HOST_HEADER', 'Invalid Host header: %s', 400),
  FST_ERR_BAD_TRANSFER_ENCODING: define(
    'FST_ERR_BAD_TRANSFER_ENCODING',
    "Transfer-Encoding must end with chunked, got '%s'",
    400,
  ),
  FST_ERR_UNSUPPORTED_TRANSFER_CODING: define(
    'FST_ERR_UNSUPPORTED_TRANSFER_CODING',
    "Transfer coding '%s' is not implemented",
    501,
  ),
  FST_ERR_SHUTDOWN_OPTIONS_INVALID: define(
    'FST_ERR_SHUTDOWN_OPTIONS_INVALID',
    "Invalid closeOnSignals options: '%s'",
  ),
} as const

export type ErrorCode = keyof typeof errorCodes

/**
 * Makes the errors of these classes TypeErrors as well (`err instanceof TypeError`), as Fastify's
 * are: their prototype chain goes through TypeError.prototype instead of ArborError.prototype,
 * which holds nothing but the brand and the name, both kept.
 */
function alsoTypeErrors(...classes: ArborErrorClass[]): void {
  const base = Object.create(TypeError.prototype, {
    [brand]: { value: true },
    name: { value: 'FastifyError', writable: true },
  }) as object
  for (const cls of classes) Object.setPrototypeOf(cls.prototype, base)
}
alsoTypeErrors(errorCodes.FST_ERR_REP_INVALID_PAYLOAD_TYPE)
