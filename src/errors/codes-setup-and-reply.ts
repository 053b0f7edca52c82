// The first half of the error table, in Fastify's order: options, validation, listen options,
// content-type parsers, decorators, hooks, loggers and replies (errors.ts joins the halves).
import { define } from './error-class.ts'

export const setupAndReplyErrors = {
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
} as const
