import { existsSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type ArborInstance, type ArborOptions, arbor } from '../index.ts'
import type { CliArgs } from './args.ts'
import { StartError, UsageError } from './usage-error.ts'

/** What an app module gave the CLI. */
export type AppExport =
  | { kind: 'plugin'; plugin: Function; options: Record<string, unknown> | undefined }
  | { kind: 'instance'; instance: ArborInstance }

const TYPESCRIPT = new Set(['.ts', '.mts', '.cts', '.tsx'])

function isInstance(value: unknown): value is ArborInstance {
  const v = value as Record<string, unknown> | null
  return (
    v !== null &&
    (typeof v === 'object' || typeof v === 'function') &&
    typeof v.listen === 'function' &&
    typeof v.register === 'function' &&
    typeof v.ready === 'function'
  )
}

/** The message for a .ts app on a Node that cannot strip types (below 22.18, or turned off). */
export function typescriptAdvice(file: string): string {
  return (
    `cannot load ${file}: Node ${process.version} does not run TypeScript files by itself ` +
    '(Node 22.18 and later do).\n' +
    'Either run on Node 22.18+, or install tsx (npm install --save-dev tsx) and start the CLI through it:\n' +
    `  node --import tsx ./node_modules/arbor/dist/cli/index.js start ${file}\n` +
    '  (or NODE_OPTIONS="--import tsx" npx arbor start ...)\n' +
    'Or build the app to JavaScript first and start the .js file.'
  )
}

/**
 * Imports the app module and tells a plugin from an instance. The default export wins; a
 * CommonJS `module.exports = fn` arrives as the default too, and fastify-cli's
 * `module.exports.options` as `options` beside it.
 */
export async function importApp(file: string, cwd = process.cwd()): Promise<AppExport> {
  const path = resolve(cwd, file)
  if (!existsSync(path))
    throw new StartError(`cannot find the app module ${file} (looked at ${path})`)
  let mod: Record<string, unknown>
  try {
    mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>
  } catch (err) {
    const code = (err as { code?: unknown }).code
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION' && TYPESCRIPT.has(extname(path))) {
      throw new StartError(typescriptAdvice(file))
    }
    throw err
  }
  let main = mod.default
  // A transpiled `export default` seen through CommonJS: { default: fn }
  const inner = (main as { default?: unknown } | null | undefined)?.default
  if (typeof main === 'object' && main !== null && !isInstance(main) && inner !== undefined) {
    main = inner
  }
  if (isInstance(main)) return { kind: 'instance', instance: main }
  if (typeof main === 'function') {
    const options = mod.options ?? (mod.default as { options?: unknown }).options
    if (options !== undefined && (typeof options !== 'object' || options === null)) {
      throw new StartError(`the \`options\` export of ${file} must be an object`)
    }
    return {
      kind: 'plugin',
      plugin: main,
      options: options as Record<string, unknown> | undefined,
    }
  }
  throw new StartError(
    `${file} must export a plugin, export default async function (app, opts) {...}, ` +
      `or an arbor instance as its default export; its default export is ${describe(main)}`,
  )
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  return `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`
}

/**
 * The application the command runs: the instance the module made, or a new one with the
 * plugin registered in it (under `--prefix`, with the plugin options after `--`).
 * `logger` is the factory's logger option when the CLI builds the instance.
 */
export async function buildApp(
  args: CliArgs,
  logger: NonNullable<ArborOptions['logger']>,
): Promise<ArborInstance> {
  const loaded = await importApp(args.app!)
  if (loaded.kind === 'instance') {
    const refused = [
      args.prefix !== undefined && '--prefix',
      args.options.fromModule && '--options',
      args.fastifyLine !== undefined && '--fastify-line',
      Object.keys(args.pluginOptions).length > 0 && 'plugin options after --',
    ].filter(Boolean)
    if (refused.length > 0) {
      throw new UsageError(
        `${refused.join(', ')} apply to a plugin app; ${args.app} exports an instance, which was made with its own options`,
      )
    }
    return loaded.instance
  }
  const fromModule = args.options.fromModule ? (loaded.options ?? {}) : {}
  const options: ArborOptions = { logger, ...fromModule, ...args.options.json }
  if (args.fastifyLine !== undefined) options.fastifyLine = args.fastifyLine
  const app = arbor(options)
  const pluginOptions: Record<string, unknown> = { ...args.pluginOptions }
  if (args.prefix !== undefined) pluginOptions.prefix = args.prefix
  app.register(loaded.plugin as Parameters<ArborInstance['register']>[0], pluginOptions)
  return app
}
