import type { FastifyStyleApp, FastifyStylePlugin, Scenario } from '../lib/scenario.ts'

// Issue 5's figure: the same route three contexts deep (/a/b/c/x), once with no hooks and
// once with an onRequest and a preHandler hook at each of the three levels. Only the
// context-based frameworks (arbor, Fastify 4, Fastify 5) take part; compare each
// framework's two rows to see what six hooks cost it.
const PREFIXES = ['a', 'b', 'c']
export const HOOK_PATH = `/${PREFIXES.join('/')}/x`

export function threeLevels(withHooks: boolean): (app: FastifyStyleApp) => void {
  const level =
    (depth: number): FastifyStylePlugin =>
    async (instance) => {
      if (withHooks) {
        instance.addHook('onRequest', (request, _reply, done) => {
          request[`r${depth}`] = depth
          done()
        })
        instance.addHook('preHandler', (request, _reply, done) => {
          request[`h${depth}`] = depth
          done()
        })
      }
      if (depth < PREFIXES.length) {
        instance.register(level(depth + 1), { prefix: `/${PREFIXES[depth]}` })
      } else {
        instance.get('/x', () => ({ ok: true }))
      }
    }
  return (app) => {
    app.register(level(1), { prefix: `/${PREFIXES[0]}` })
  }
}

export const scenario: Scenario = {
  name: 'hook-levels',
  description: `${HOOK_PATH} three contexts deep, with an onRequest and a preHandler hook at each level`,
  requests: [{ method: 'GET', path: HOOK_PATH, status: 200, body: '{"ok":true}' }],
  fastify: threeLevels(true),
}
