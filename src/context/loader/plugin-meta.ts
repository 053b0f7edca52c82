import type semverType from 'semver'
import { requireLazily } from '../../config/lazy-require.ts'
import { errorCodes } from '../../errors.ts'
import type { ArborInstance, ArborPluginOptions, WrappedPlugin } from '../../types/instance.ts'

/** The marks `fastify-plugin` sets; arbor reads the same ones, so either wrapper works. */
export const kSkipOverride = Symbol.for('skip-override')
export const kDisplayName = Symbol.for('fastify.display-name')
export const kPluginMeta = Symbol.for('plugin-meta')
/**
 * Where Fastify keeps the meta names of the plugins registered in a context, which plugins
 * read (`@fastify/view`'s tests): `instance[Symbol.for('registered-plugin')]`.
 */
export const kRegisteredPlugins = Symbol.for('registered-plugin')

/** What a wrapped plugin may declare about itself. */
export interface PluginMeta {
  name?: string
  /** names of plugins that must be registered before this one */
  dependencies?: string[]
  /** decorators that must exist when this plugin loads */
  decorators?: { fastify?: string[]; instance?: string[]; request?: string[]; reply?: string[] }
  /** semver range of the Fastify API the plugin needs: a 4.x or a 5.x range loads in any app */
  fastify?: string
  /** semver range of arbor itself */
  arbor?: string
  encapsulate?: boolean
}

export const arborVersion = '0.1.0'

type Marked = Function & {
  [kSkipOverride]?: boolean
  [kDisplayName]?: string
  [kPluginMeta]?: PluginMeta
  default?: unknown
}

/**
 * Wraps a plugin so that it runs in its parent's context instead of a new one: whatever it
 * registers (decorators, hooks, plugins, schemas, compilers, handlers) is visible in the parent
 * (spec "Encapsulation rules" 6–7). When the function returns the instance it decorated, the
 * parent's type gets those decorators too: `register` returns it with them.
 * @example
 * import arbor, { plugin } from 'arbor'
 * const db = plugin(async (app) => app.decorate('db', connect()), { name: 'db' })
 * const app = await arbor().register(db) // app.db is typed, and visible to every route
 */
export function plugin<O extends object = Record<string, unknown>, R = unknown>(
  fn: (instance: ArborInstance, opts: O & ArborPluginOptions, done: (err?: Error) => void) => R,
  meta: PluginMeta | string = {},
): WrappedPlugin<O, R> {
  if (typeof fn !== 'function') {
    throw new errorCodes.FST_ERR_PLUGIN_NOT_VALID(
      `plugin expects a function, instead got a '${typeof fn}'`,
    )
  }
  const options: PluginMeta = typeof meta === 'string' ? { fastify: meta } : { ...meta }
  const marked = fn as unknown as Marked
  if (options.name === undefined) options.name = inferName(fn)
  marked[kSkipOverride] = options.encapsulate !== true
  marked[kDisplayName] = options.name
  marked[kPluginMeta] = options
  // Let `import x from './plugin.js'` and `require` interop keep working, as fastify-plugin does.
  if (marked.default === undefined) marked.default = fn
  return fn
}

// fastify-plugin names an unnamed meta `<function name>-auto-<n>`, or, for an anonymous
// function, `<file it was wrapped in>-auto-<n>`; so does arbor, so that a `dependencies` entry
// only matches a name the plugin declared.
let autoNames = 0
function inferName(fn: Function): string {
  return `${fn.name || callerFileName()}-auto-${autoNames++}`
}

// The base name of the file that called plugin(), from the stack, as fastify-plugin reads it.
function callerFileName(): string {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 10
  const stack = new Error('anonymous plugin').stack ?? ''
  Error.stackTraceLimit = limit
  const lines = stack.split('\n')
  const at = lines.findIndex((line) => /at\s(?:.*\.)?plugin\s/.test(line))
  const caller = at === -1 ? undefined : lines[at + 1]?.trim()
  const file = caller
    ?.split(/[/\\]/)
    .pop()
    ?.match(/(\w*(\.\w*)*)\..*/)?.[1]
  return file || 'anonymous'
}

/** The name the loader gives a plugin: in timeout errors, error tags and printPlugins(). */
export function loaderName(fn: Function, options: unknown): string {
  const metaName = metaOf(fn)?.name
  if (metaName) return metaName
  const optionsName = (options as { name?: unknown } | null | undefined)?.name
  if (optionsName) return String(optionsName)
  return fn.name || functionPreview(fn)
}

/**
 * The name a plugin has in `instance.pluginName` and `hasPlugin()`: the display name set by the
 * wrapper, else the path of the CommonJS module that exports it, else its function name
 * (Fastify's rule; callers fall back to the source preview).
 */
export function declaredName(fn: Function): string | undefined {
  const display = (fn as Marked)[kDisplayName]
  if (display) return display
  const cache = requireCache()
  for (const key of Object.keys(cache)) {
    if (cache[key]?.exports === fn) return key
  }
  return fn.name || undefined
}

/** An anonymous plugin is known by the first two lines of its source, as in Fastify. */
export function functionPreview(fn: Function): string {
  return fn
    .toString()
    .split('\n')
    .slice(0, 2)
    .map((line) => line.trim())
    .join(' -- ')
}

// CommonJS's module cache (one per process), where a plugin exported by a module is found.
function requireCache(): NodeJS.Dict<NodeJS.Module> {
  return requireLazily.cache
}

export function isSkipOverride(fn: Function): boolean {
  return (fn as Marked)[kSkipOverride] === true
}

export function metaOf(fn: Function): PluginMeta | undefined {
  return (fn as Marked)[kPluginMeta]
}

/** Whether `version` is inside a semver range such as `4.x` or `>=4.20 <5`. */
export function satisfies(version: string, range: string): boolean {
  const semver = requireLazily('semver') as typeof semverType
  return semver.satisfies(version, range, { includePrerelease: true })
}
