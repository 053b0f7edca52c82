// The route options that refer to nothing of the instance: `RouteOptions`
// (types/instance-core.ts) extends them with the method, the handler, the schema and the
// functions that run with the instance as `this`.
import type { SchemaErrorFormatter, SerializerCompiler, ValidatorCompiler } from './schema.ts'

/** The options of a route that are neither its handler nor typed by it (see `RouteOptions`). */
export interface RouteSettings {
  url?: string
  path?: string
  attachValidation?: boolean
  config?: Record<string, unknown>
  validatorCompiler?: ValidatorCompiler
  serializerCompiler?: SerializerCompiler
  schemaErrorFormatter?: SchemaErrorFormatter
  bodyLimit?: number
  logLevel?: string
  /** pino serializers added, for this route's request loggers, to its context's */
  logSerializers?: Record<string, (value: never) => unknown>
  exposeHeadRoute?: boolean
  /** what a request must also match: `host`, `version` (Accept-Version) or a custom strategy */
  constraints?: Record<string, unknown>
  /** @deprecated FSTDEP008: use `constraints: { version }` */
  version?: string
  prefixTrailingSlash?: 'slash' | 'no-slash' | 'both'
  /** set by arbor for onRoute: the prefix of the route's context */
  prefix?: string
  /** set by arbor for onRoute: the path as written, without the prefix */
  routePath?: string
}
