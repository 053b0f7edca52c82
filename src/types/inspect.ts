// The context inspector's answers (`app.describeContexts()`, `app.describeRoute()`;
// docs/encapsulation.md "Inspecting the tree").
import type { ApplicationHookName, RequestHookName } from './hook-names.ts'

/** One thing a context or a route sees, and where it was registered. */
export interface InspectedItem {
  /** a decorator's name, a schema's `$id`, a content type, or a function's name */
  name: string
  /**
   * The context that registered it (its name in the tree), `'route'` for the route's own
   * options, or `null` for arbor's built-in default.
   */
  context: string | null
}

/** Decorators by target: `decorate`, `decorateRequest`, `decorateReply`. */
export interface InspectedDecorators {
  instance: InspectedItem[]
  request: InspectedItem[]
  reply: InspectedItem[]
}

/** The validator and serializer compilers and the schema-error formatter in force. */
export interface InspectedCompilers {
  validator: InspectedItem
  serializer: InspectedItem
  schemaErrorFormatter: InspectedItem
}

/**
 * One context of the tree with everything it sees, its own registrations and what it
 * inherits (an item whose `context` is another context's name is inherited from there).
 */
export interface ContextDescription {
  /** the plugin's name; a name used twice in the tree gets `#2`, `#3`, ... */
  name: string
  prefix: string
  /** plugins wrapped with `plugin()` that ran in this context (they have none of their own) */
  wrappedPlugins: string[]
  decorators: InspectedDecorators
  /** hooks by kind, in the order they run; kinds without hooks are left out */
  hooks: Partial<Record<RequestHookName | ApplicationHookName, InspectedItem[]>>
  schemas: InspectedItem[]
  errorHandler: InspectedItem
  notFoundHandler: InspectedItem
  parsers: InspectedItem[]
  compilers: InspectedCompilers
  /** `'GET /one'`, `'HEAD /one'`, ... registered in this context */
  routes: string[]
  children: ContextDescription[]
}

/** Everything one route sees, resolved as arbor resolves it when the application is ready. */
export interface RouteDescription {
  method: string
  url: string
  /** the contexts from the root down to the route's own */
  contexts: string[]
  /** request hooks by kind, in the order they run; kinds without hooks are left out */
  hooks: Partial<Record<RequestHookName, InspectedItem[]>>
  decorators: InspectedDecorators
  /** the error handler first; when it throws, the next one gets the error, and so on */
  errorHandlers: InspectedItem[]
  schemas: InspectedItem[]
  parsers: InspectedItem[]
  compilers: InspectedCompilers
}

/** `printContexts()` options. */
export interface PrintContextsOptions {
  /** list what each context inherits, marked with where it comes from (default `true`) */
  inherited?: boolean
}
