import type semverType from 'semver'
import { implementedFastifyVersions } from '../config/fastify-lines.ts'
import { requireLazily } from '../config/lazy-require.ts'
import { ARBOR_PLUGIN_FASTIFY5_ONLY } from '../config/warnings.ts'
import { errorCodes } from '../errors.ts'
import type { ArborInstance } from '../types/instance.ts'
import { hasDecorator } from './decorators/decorators.ts'
import { isAsync } from './hooks/hooks.ts'
import { arborVersion, declaredName, metaOf, satisfies } from './loader/plugin-meta.ts'
import type { ContextState } from './state.ts'

/**
 * What happens when a plugin is about to load into `parent` (Fastify's `registerPlugin`): its
 * meta name is recorded for `hasPlugin()` and `dependencies`, then what its meta declares is
 * checked against the parent. A failed check is the plugin's load error.
 */
export function registerPlugin(parent: ArborInstance, state: ContextState, fn: Function): void {
  const meta = metaOf(fn)
  if (meta?.name) state.registeredPlugins.push(meta.name)
  checkMixedStyle(state, fn, meta?.name || declaredName(fn) || 'anonymous')
  if (meta === undefined) return
  const name = meta.name
  checkVersion(state, parent, meta.fastify, name, fn)
  if (typeof meta.arbor === 'string' && !satisfies(arborVersion, meta.arbor)) {
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(name, meta.arbor, 'arbor', arborVersion)
  }
  const decorators = meta.decorators
  if (decorators !== undefined) {
    const instanceNames = [...(decorators.fastify ?? []), ...(decorators.instance ?? [])]
    checkDecorators(state, instanceNames, parent, 'Fastify', name)
    checkDecorators(state, decorators.reply, state.replyDecorators, 'Reply', name)
    checkDecorators(state, decorators.request, state.requestDecorators, 'Request', name)
  }
  for (const dependency of meta.dependencies ?? []) {
    if (!hasRegistered(state, dependency)) {
      throw new errorCodes.FST_ERR_PLUGIN_DEPENDENCY_MISSING(dependency, name)
    }
  }
}

/** Whether a plugin of that meta name loaded in this context or an ancestor. */
export function hasRegistered(state: ContextState, name: string): boolean {
  for (let s: ContextState | null = state; s !== null; s = s.parent) {
    if (s.registeredPlugins.includes(name)) return true
  }
  return false
}

// The `fastify` range is checked against the instance's `version`, read now (an application
// may redefine it). arbor implements both Fastify lines, so while `version` is one of them a
// range that either line satisfies loads: v4-major and v5-major plugins share one app
// (DESIGN.md "Two Fastify lines"). A version the application set itself is checked alone.
// While a Fastify release candidate, `-pre` or `-alpha` build is the version, plugins written
// for the release before it load, as in Fastify 5 (4.25 allowed `-rc` only; accepting more is
// an addition); another pre-release tag, `-beta` say, is checked as it stands.
const earlyRelease = /-(?:rc|pre|alpha).+$/

function checkVersion(
  state: ContextState,
  parent: ArborInstance,
  range: string | undefined,
  name: string | undefined,
  fn: Function,
): void {
  if (typeof range !== 'string' || range === '') return
  const version = String(parent.version)
  const versions = implementedFastifyVersions.includes(version)
    ? implementedFastifyVersions
    : [version]
  const satisfied = versions.filter((candidate) => versionSatisfies(candidate, range))
  if (satisfied.length === 0) {
    const installed = versions.join("' or '")
    throw new errorCodes.FST_ERR_PLUGIN_VERSION_MISMATCH(name, range, 'Fastify API', installed)
  }
  if (state.root.options.line.warnFastify5OnlyPlugins && !satisfied.includes(version)) {
    warnOnce(state.root, name || declaredName(fn) || 'anonymous', range)
  }
}

// Plugin names already warned about, per application (line row `warnFastify5OnlyPlugins`).
const warnedPlugins = new WeakMap<object, Set<string>>()

function warnOnce(root: object, name: string, range: string): void {
  let warned = warnedPlugins.get(root)
  if (warned === undefined) warnedPlugins.set(root, (warned = new Set()))
  if (warned.has(name)) return
  warned.add(name)
  ARBOR_PLUGIN_FASTIFY5_ONLY(name, range)
}

function versionSatisfies(version: string, range: string): boolean {
  const semver = requireLazily('semver') as typeof semverType
  const prerelease = earlyRelease.test(version)
  const floor = semver.coerce(range)
  if (prerelease && floor !== null && semver.gt(version, floor)) return true
  return semver.satisfies(version, range, { includePrerelease: prerelease })
}

const decoratorKinds = { Fastify: 'instance', Reply: 'reply', Request: 'request' } as const

function checkDecorators(
  state: ContextState,
  names: string[] | undefined,
  target: object,
  where: 'Fastify' | 'Reply' | 'Request',
  plugin: string | undefined,
): void {
  for (const decorator of names ?? []) {
    if (!hasDecorator(state.root, target, decorator, decoratorKinds[where])) {
      const requiredBy = typeof plugin === 'string' ? ` required by '${plugin}'` : ''
      throw new errorCodes.FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(decorator, requiredBy, where)
    }
  }
}

// An async plugin that also takes `done` mixes two styles: Fastify 4.25 warns, Fastify 5
// refuses it (line row `pluginMixedStyleThrows`).
function checkMixedStyle(state: ContextState, fn: Function, name: string): void {
  if (isAsync(fn) && fn.length === 3) {
    if (state.root.options.line.pluginMixedStyleThrows) {
      throw new errorCodes.FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER(name)
    }
    process.emitWarning(
      `The ${name} plugin being registered mixes async and callback styles, which will result in an error in \`fastify@5\``,
      { type: 'FastifyWarning', code: 'FSTWRN002' },
    )
  }
}
