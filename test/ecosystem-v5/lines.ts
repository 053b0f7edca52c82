// The two Fastify lines every v5-major plugin test runs in: the default line (`arbor()`,
// Fastify 4.25 semantics, where a plugin declaring fastify '5.x' still loads) and the Fastify 5
// line (`arbor({ fastifyLine: 5 })`). DESIGN.md "Two Fastify lines, one framework".
import arbor, { type ArborOptions } from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

export type App = ReturnType<typeof arbor>

export interface Line {
  name: string
  app(options?: ArborOptions): App
}

export const lines: readonly Line[] = [
  { name: 'default line', app: (options = {}) => arbor(options) },
  { name: 'Fastify 5 line', app: (options = {}) => arbor({ ...options, fastifyLine: 5 }) },
]

/** Starts `app` on 127.0.0.1 and returns a fetch bound to it (close the app to stop it). */
export async function overHttp(
  app: App,
): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  const port = await listenLocal(app)
  return (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init)
}
