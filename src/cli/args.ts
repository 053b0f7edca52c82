import { availableParallelism } from 'node:os'
import { UsageError } from './usage-error.ts'

/** The commands of `arbor`. */
export type Command = 'start' | 'routes' | 'inspect' | 'help' | 'version'

/** A command line, read and checked. Values from the environment are already applied. */
export interface CliArgs {
  command: Command
  /** The app module, as given (resolved against the working directory when loaded). */
  app: string | undefined
  port: number
  host: string
  /** undefined: the CLI's default for the command (info for start, warn for routes/inspect). */
  logLevel: string | undefined
  prefix: string | undefined
  /** `--options`: use the module's `options` export for the factory; `json` is merged over it. */
  options: { fromModule: boolean; json: Record<string, unknown> }
  fastifyLine: 4 | 5 | undefined
  graceMs: number
  watch: boolean
  /** 0: one process, no cluster. */
  workers: number
  /** Plugin options given after `--`, e.g. `-- --greeting hi --verbose`. */
  pluginOptions: Record<string, string | true>
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

type FlagName =
  | 'port'
  | 'host'
  | 'log-level'
  | 'prefix'
  | 'options'
  | 'fastify-line'
  | 'grace-ms'
  | 'watch'
  | 'workers'
  | 'help'
  | 'version'

const SHORT: Record<string, FlagName> = {
  p: 'port',
  a: 'host',
  l: 'log-level',
  x: 'prefix',
  o: 'options',
  w: 'watch',
  h: 'help',
  v: 'version',
}
const BOOLEAN = new Set<FlagName>(['watch', 'help', 'version'])
/** Flags that only `start` understands: `routes` and `inspect` never listen. */
const START_ONLY = new Set<FlagName>(['port', 'host', 'grace-ms', 'watch', 'workers'])
const FLAGS = new Set<string>([...Object.values(SHORT), 'fastify-line', 'grace-ms', 'workers'])
const COMMANDS = new Set<string>(['start', 'routes', 'inspect', 'help', 'version'])

/**
 * Reads `arbor <command> [flags] <app> [-- plugin options]`. Flags win over the environment
 * (PORT, HOST, LOG_LEVEL), which wins over the defaults. Throws UsageError on anything it does
 * not understand, so a typo never starts a server on a default.
 */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliArgs {
  const flags = new Map<FlagName, string | true>()
  const positional: string[] = []
  let pluginArgs: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!
    if (token === '--') {
      pluginArgs = argv.slice(i + 1)
      break
    }
    if (!token.startsWith('-') || token === '-') {
      positional.push(token)
      continue
    }
    const eq = token.indexOf('=')
    const rawName = token.startsWith('--')
      ? token.slice(2, eq === -1 ? undefined : eq)
      : token.slice(1, eq === -1 ? undefined : eq)
    const name = token.startsWith('--')
      ? FLAGS.has(rawName)
        ? (rawName as FlagName)
        : undefined
      : SHORT[rawName]
    if (name === undefined)
      throw new UsageError(`unknown flag ${token.slice(0, eq === -1 ? undefined : eq)}`)
    if (eq !== -1) {
      if (BOOLEAN.has(name)) throw new UsageError(`--${name} takes no value`)
      flags.set(name, token.slice(eq + 1))
    } else if (BOOLEAN.has(name)) {
      flags.set(name, true)
    } else if (name === 'options') {
      // fastify-cli's `--options` is a switch; a JSON value may follow it
      const next = argv[i + 1]?.trimStart()
      if (next?.startsWith('{') || next?.startsWith('[')) flags.set(name, argv[++i]!)
      else flags.set(name, true)
    } else {
      const value = argv[i + 1]
      if (value === undefined || (value.startsWith('-') && value !== '-')) {
        throw new UsageError(`--${name} needs a value`)
      }
      flags.set(name, value)
      i++
    }
  }

  let command: Command
  if (flags.has('help')) command = 'help'
  else if (flags.has('version')) command = 'version'
  else {
    const first = positional.shift()
    if (first === undefined) command = 'help'
    else if (COMMANDS.has(first)) command = first as Command
    else throw new UsageError(`unknown command "${first}"`)
  }
  if (command === 'help' || command === 'version') return defaults(command)

  if (positional.length === 0) throw new UsageError(`arbor ${command} needs an <app> module`)
  if (positional.length > 1) {
    throw new UsageError(`arbor ${command} takes one <app>, got ${positional.join(' ')}`)
  }
  if (command !== 'start') {
    for (const name of flags.keys()) {
      if (START_ONLY.has(name)) throw new UsageError(`--${name} applies to arbor start only`)
    }
  }

  const args = defaults(command)
  args.app = positional[0]
  args.port = readPort(flags.get('port'), env.PORT)
  args.host = readString(flags.get('host')) ?? (nonEmpty(env.HOST) ? env.HOST! : '127.0.0.1')
  const level =
    readString(flags.get('log-level')) ?? (nonEmpty(env.LOG_LEVEL) ? env.LOG_LEVEL : undefined)
  if (level !== undefined && !LEVELS.includes(level)) {
    throw new UsageError(`log level must be one of ${LEVELS.join(', ')}, got "${level}"`)
  }
  args.logLevel = level
  args.prefix = readString(flags.get('prefix'))
  args.options = readOptions(flags.get('options'))
  args.fastifyLine = readLine(flags.get('fastify-line'))
  args.graceMs = readInteger(flags.get('grace-ms'), 'grace-ms', 0, 2 ** 31 - 1) ?? 10_000
  args.watch = flags.get('watch') === true
  args.workers = readWorkers(flags.get('workers'))
  args.pluginOptions = readPluginOptions(pluginArgs)
  if (args.watch && args.workers > 0) {
    throw new UsageError(
      '--watch and --workers do not combine: watch restarts one process while you develop; workers serve in production',
    )
  }
  return args
}

function defaults(command: Command): CliArgs {
  return {
    command,
    app: undefined,
    port: 3000,
    host: '127.0.0.1',
    logLevel: undefined,
    prefix: undefined,
    options: { fromModule: false, json: {} },
    fastifyLine: undefined,
    graceMs: 10_000,
    watch: false,
    workers: 0,
    pluginOptions: {},
  }
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value !== ''
}

function readString(value: string | true | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function readInteger(
  value: string | true | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (typeof value !== 'string') return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be an integer from ${min} to ${max}, got "${value}"`)
  }
  return n
}

function readPort(flag: string | true | undefined, env: string | undefined): number {
  if (typeof flag === 'string') return readInteger(flag, '--port', 0, 65535)!
  if (nonEmpty(env)) return readInteger(env, 'PORT', 0, 65535)!
  return 3000
}

function readOptions(value: string | true | undefined): CliArgs['options'] {
  if (value === undefined) return { fromModule: false, json: {} }
  if (value === true) return { fromModule: true, json: {} }
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch (err) {
    throw new UsageError(`--options must be a JSON object: ${(err as Error).message}`)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError('--options must be a JSON object, such as \'{"bodyLimit":1048576}\'')
  }
  return { fromModule: true, json: json as Record<string, unknown> }
}

function readLine(value: string | true | undefined): 4 | 5 | undefined {
  if (value === undefined) return undefined
  if (value === '4' || value === '5') return Number(value) as 4 | 5
  throw new UsageError(`--fastify-line must be 4 or 5, got "${String(value)}"`)
}

function readWorkers(value: string | true | undefined): number {
  if (value === undefined) return 0
  if (value === 'auto') return availableParallelism()
  return readInteger(value, '--workers', 1, 1024)!
}

/** `--name value`, `--name=value` and `--flag` pairs, as fastify-cli reads them after `--`. */
function readPluginOptions(argv: readonly string[]): Record<string, string | true> {
  const options: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!
    if (!token.startsWith('--') || token.length === 2) {
      throw new UsageError(`plugin options after -- are --name value pairs, got "${token}"`)
    }
    const eq = token.indexOf('=')
    if (eq !== -1) {
      options[token.slice(2, eq)] = token.slice(eq + 1)
      continue
    }
    const next = argv[i + 1]
    if (next === undefined || next.startsWith('--')) options[token.slice(2)] = true
    else {
      options[token.slice(2)] = next
      i++
    }
  }
  return options
}
