import type Router from 'find-my-way'
import { assertRouteLogLevel, defaultChildLoggerFactory } from '../config/logger.ts'
import { FSTDEP007, FSTDEP008 } from '../config/warnings.ts'
import { replySerializerOf } from '../context/methods/reply-serializer-methods.ts'
import { requestIdGeneratorOf } from '../context/methods/request-id-methods.ts'
import { type ContextState, stateOf } from '../context/state.ts'
import { errorCodes } from '../errors.ts'
import { handleRoute, handleRouteWithPlainParams } from '../lifecycle/pipeline.ts'
import { type BoundHook, RouteContext } from '../request/route-context.ts'
import { withConvertedStandardSchemas } from '../schema/standard-schema.ts'
import { type RequestHookName, requestHookNames } from '../types/hook-names.ts'
import type { RouteOptions } from '../types/instance.ts'
import type { ChildLoggerOptions } from '../types/logger.ts'
import { findHead, headOnSend } from './head-route.ts'
import { placeCompiled } from './lazy-compile.ts'
import { checkRouteHooks, runOnRoute } from './route-hooks.ts'
import { arborSerializes, arborValidates, compileSchemas } from './route-schemas.ts'

/**
 * Registers a route in a context: checks its options, runs the context's onRoute hooks and
 * adds it to the router at once, so a duplicate fails here, naming the route.
 */
export function addRoute(state: ContextState, input: RouteOptions): void {
  const root = state.root
  if (root.ready) throw new errorCodes.FST_ERR_INSTANCE_ALREADY_LISTENING('Cannot add route!')
  if (typeof input !== 'object' || input === null) {
    throw new errorCodes.FST_ERR_ROUTE_OPTIONS_NOT_OBJ('?', '?')
  }
  const options: RouteOptions = { ...input }
  const path = options.url || options.path || ''
  const methods = Array.isArray(options.method) ? options.method : [options.method]
  if (methods.length === 0 || methods.some((m) => typeof m !== 'string')) {
    throw new errorCodes.FST_ERR_ROUTE_METHOD_INVALID()
  }
  for (const method of methods) {
    if (!root.methods.has(method.toUpperCase())) {
      throw new errorCodes.FST_ERR_ROUTE_METHOD_NOT_SUPPORTED(method, path)
    }
  }
  if (typeof path !== 'string') throw new errorCodes.FST_ERR_INVALID_URL(typeof path)
  if (typeof options.handler !== 'function') {
    throw new errorCodes.FST_ERR_ROUTE_MISSING_HANDLER(methods.join(','), path)
  }
  if (options.errorHandler !== undefined && typeof options.errorHandler !== 'function') {
    throw new errorCodes.FST_ERR_ROUTE_HANDLER_NOT_FN(methods.join(','), path)
  }
  if (
    options.bodyLimit !== undefined &&
    !(Number.isInteger(options.bodyLimit) && options.bodyLimit > 0)
  ) {
    throw new errorCodes.FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT(String(options.bodyLimit))
  }
  if (options.schema?.query !== undefined && options.schema.querystring === undefined) {
    options.schema = { ...options.schema, querystring: options.schema.query }
  }
  if (options.schema !== undefined && options.schema !== null) {
    options.schema = withConvertedStandardSchemas(options.schema, {
      request: arborValidates(state, options),
      response: arborSerializes(state, options),
    })
  }
  // As in Fastify, a method given as a string stays a string (onRoute, request.routeOptions)
  options.method = Array.isArray(options.method)
    ? methods.map((m) => m.toUpperCase())
    : options.method.toUpperCase()
  const upper = ([] as string[]).concat(options.method)
  const exposeHead = options.exposeHeadRoute ?? root.options.exposeHeadRoutes
  const route: PendingRoute = {
    state,
    options,
    // the automatic HEAD route starts from the options as given, not as onRoute left them
    head: exposeHead && upper.includes('GET') && !upper.includes('HEAD') ? { ...options } : null,
  }
  for (const [routePath, prefixing] of prefixedPaths(state, path, options)) {
    addPrefixedRoute(route, routePath, prefixing)
  }
}

interface PendingRoute {
  state: ContextState
  /** one object for every path of the route: onRoute's changes apply to all of them */
  options: RouteOptions
  head: RouteOptions | null
}

/**
 * The paths to add under the context's prefix, as Fastify's `route()` picks them: a `/` route
 * answers at the prefix and, with `prefixTrailingSlash: 'both'`, also at `prefix/` (that one
 * is `prefixing`: its onRoute hooks already ran); a prefix ending with `/` is not doubled.
 */
function prefixedPaths(
  state: ContextState,
  path: string,
  options: RouteOptions,
): Array<[path: string, prefixing: boolean]> {
  const prefix = state.prefix
  if (path === '/' && prefix.length > 0 && options.method !== 'HEAD') {
    switch (options.prefixTrailingSlash) {
      case 'slash':
        return [[path, false]]
      case 'no-slash':
        return [['', false]]
      default: {
        const { ignoreTrailingSlash, ignoreDuplicateSlashes } = state.root.options
        // with ignoreTrailingSlash the router already matches `prefix/` for `prefix`
        if (ignoreTrailingSlash || (ignoreDuplicateSlashes && prefix.endsWith('/'))) {
          return [['', false]]
        }
        return [
          ['', false],
          [path, true],
        ]
      }
    }
  }
  if (path[0] === '/' && prefix.endsWith('/')) return [[path.slice(1), false]]
  return [[path, false]]
}

function addPrefixedRoute(route: PendingRoute, path: string, prefixing: boolean): void {
  const { state, options } = route
  const url = state.prefix + path
  if (url === '') throw new errorCodes.FST_ERR_ROUTE_PATH_EMPTY()
  // onRoute sees Fastify's fields: url and path with the prefix, routePath without it.
  options.url = url
  options.path = url
  options.routePath = path
  options.prefix = state.prefix
  assertRouteLogLevel(options.logLevel, options.method, url, state.logger)
  if (!prefixing) runOnRoute(state, options)
  checkRouteHooks(options)
  const finalUrl = options.url ?? url
  const constraints = routeConstraints(options)
  const headHandler = findHead(state, finalUrl, constraints)
  const methods = ([] as string[]).concat(options.method).map((m) => m.toUpperCase())
  for (const method of methods) {
    // GET, HEAD and the methods without a body in the app's line (or by addHttpMethod)
    if (state.root.methods.bodyOf(method) === 'none' && options.schema?.body !== undefined) {
      throw new errorCodes.FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED(method, finalUrl)
    }
    const exposed = method === 'HEAD' ? (headHandler?.store as RouteContext | undefined) : undefined
    if (exposed?.autoHead) {
      // A HEAD route of the application after a GET of the same path: in the Fastify 4 line
      // it replaces the HEAD route exposed for the GET (line row `replaceExposedHead`); one of
      // the same shape under other parameter names is a duplicate in every line.
      if (!state.root.options.line.replaceExposedHead || exposed.url !== finalUrl) {
        throw new errorCodes.FST_ERR_DUPLICATED_ROUTE(method, finalUrl)
      }
      unregister(state, exposed, constraints)
    }
    const route = register(state, method, finalUrl, { ...options }, constraints, false)
    // Line row prefixRouteUrlWithoutSlash: Fastify 5 reports the `/prefix/` twin as `/prefix`.
    if (prefixing && route !== null && state.root.options.line.prefixRouteUrlWithoutSlash) {
      route.config.url = state.prefix
      route.requestRouteOptions.url = state.prefix
    }
  }
  if (route.head !== null && headHandler === null) {
    // Fastify adds it as a route of its own, so a `/` path is not given a `prefix/` twin.
    const headPath = path === '/' && state.prefix.endsWith('/') ? '' : path
    const headUrl = state.prefix + headPath
    const head: RouteOptions = {
      ...route.head,
      method: 'HEAD',
      url: headUrl,
      path: headUrl,
      routePath: headPath,
      prefix: state.prefix,
      onSend: headOnSend(route.head.onSend),
    }
    runOnRoute(state, head)
    checkRouteHooks(head)
    register(state, 'HEAD', head.url ?? headUrl, head, routeConstraints(head), true)
  } else if (headHandler !== null && options.exposeHeadRoute) {
    FSTDEP007()
  }
}

/** The route's constraints, with the deprecated `version` option (FSTDEP008) among them. */
function routeConstraints(options: RouteOptions): Record<string, unknown> {
  const constraints = options.constraints ?? {}
  if (options.version === undefined) return constraints
  FSTDEP008()
  return { ...constraints, version: options.version }
}

function register(
  state: ContextState,
  method: string,
  url: string,
  options: RouteOptions,
  constraints: Record<string, unknown>,
  autoHead: boolean,
): RouteContext | null {
  const root = state.root
  const route = new RouteContext(method, url, options, root, state, false)
  route.autoHead = autoHead
  try {
    const handler = root.options.line.nullPrototypeParams ? handleRoute : handleRouteWithPlainParams
    root.router.on(method as Router.HTTPMethod, url, { constraints }, handler as never, route)
  } catch (err) {
    // an automatic HEAD route that the router refuses (a HEAD route exists) is simply not added
    if (autoHead) return null
    const message = (err as Error).message
    if (/already declared/.test(message)) throw new errorCodes.FST_ERR_DUPLICATED_ROUTE(method, url)
    if (/could not be empty/.test(message)) throw new errorCodes.FST_ERR_ROUTE_PATH_EMPTY()
    throw new errorCodes.FST_ERR_ROUTE_PATH_INVALID(method, url, message)
  }
  state.routes.push(route)
  root.routes.push(route)
  return route
}

function unregister(
  state: ContextState,
  route: RouteContext,
  constraints: Record<string, unknown>,
): void {
  const root = state.root
  root.router.off('HEAD', route.url, constraints)
  root.routes = root.routes.filter((r) => r !== route)
  const owner = stateOf(route.instance)
  owner.routes = owner.routes.filter((r) => r !== route)
}

/** Resolves hooks, error handler, validators and serializers of a route (once, at ready). */
export function buildRoute(route: RouteContext): void {
  const state = stateOf(route.instance)
  const options = route.options
  route.Request = state.Request
  route.Reply = state.Reply
  // a not-found route answers every method: the request's decides (lifecycle/pipeline.ts)
  route.methodBody = route.isNotFound ? null : route.app.methods.bodyOf(route.method)
  route.parsers = state.parsers
  route.schemaErrorFormatter = options.schemaErrorFormatter ?? state.schemaErrorFormatter
  route.replySerializer = replySerializerOf(state)
  route.genReqId = requestIdGeneratorOf(state)
  route.errorHandler =
    options.errorHandler === undefined
      ? state.errorHandler
      : { func: options.errorHandler, instance: state.instance, parent: state.errorHandler }
  resolveLogger(route, state)
  for (const name of requestHookNames) route.setHooks(name, resolveHooks(route, name))
  compileSchemas(route)
  placeCompiled(route)
  route.built = true
}

/**
 * The request loggers of a route: its level and `logSerializers` over its context's, built
 * by the context's (or the route's) child logger factory. With Fastify's default factory the
 * route-level part is made once here, so a request only adds its id.
 */
function resolveLogger(route: RouteContext, state: ContextState): void {
  const options = route.options
  const loggerOptions: ChildLoggerOptions = {}
  // null and '' leave the context's level, as Fastify 5 reads them
  if (options.logLevel != null && options.logLevel !== '') loggerOptions.level = options.logLevel
  const serializers =
    options.logSerializers === undefined
      ? state.logSerializers
      : { ...state.logSerializers, ...options.logSerializers }
  if (serializers !== undefined) loggerOptions.serializers = serializers
  const factory = options.childLoggerFactory ?? state.childLoggerFactory
  if (factory === defaultChildLoggerFactory) {
    route.loggerFactory = null
    route.logger =
      loggerOptions.level === undefined && serializers === undefined
        ? state.logger
        : state.logger.child({}, loggerOptions)
  } else {
    route.loggerFactory = factory
    route.loggerOptions = loggerOptions
    route.logger = state.logger
  }
}

function resolveHooks(route: RouteContext, name: RequestHookName): BoundHook[] | null {
  const own = route.options[name]
  const all = stateOf(route.instance).hooks[name].concat((own ?? []) as never[])
  if (all.length === 0) return null
  return all.map((fn) => fn.bind(route.instance) as BoundHook)
}
