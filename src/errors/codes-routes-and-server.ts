// The second half of the error table, in Fastify's order: schemas, the router and routes, the
// server, error and not-found handlers, plugins and requests refused before routing.
import { define } from './error-class.ts'

export const routeAndServerErrors = {
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
