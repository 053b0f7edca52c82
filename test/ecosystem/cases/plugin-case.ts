// What a shared plugin case module is given: the plugin's default export (either major), a
// factory for the app under test (`arbor` for the Fastify 4 majors, a line of
// test/ecosystem-v5/lines.ts for the Fastify 5 majors) and the label its test titles start with.
import type arbor from '../../../src/index.ts'
import type { ArborOptions } from '../../../src/index.ts'

export type App = ReturnType<typeof arbor>
export type Plugin = Parameters<App['register']>[0]

export interface PluginCase<P = Plugin> {
  plugin: P
  app(options?: ArborOptions): App
  /** e.g. '@fastify/cookie' or '@fastify/cookie 11 (Fastify 5 line)' */
  label: string
}
