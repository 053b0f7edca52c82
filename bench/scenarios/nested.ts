import express, { type Router } from 'express'
import { Hono } from 'hono'
import { type FastifyStylePlugin, type Scenario, sendJson } from '../lib/scenario.ts'

// Five contexts one inside the other, prefixes /a/b/c/d/e. Each level decorates the request
// with lN and has an onRequest hook that sets it to N, so the route at the bottom answers
// only when all five hooks ran. Frameworks without contexts use a middleware per level.
const PREFIXES = ['a', 'b', 'c', 'd', 'e']
const NAMES = PREFIXES.map((_, i) => `l${i + 1}`)
const PATH = `/${PREFIXES.join('/')}/x`

type Variables = Record<string, number>

export const scenario: Scenario = {
  name: 'nested',
  description: `${PATH}: five nested contexts, each with an onRequest hook and a request decorator`,
  requests: [{ method: 'GET', path: PATH, status: 200, body: '{"levels":[1,2,3,4,5]}' }],
  fastify(app) {
    const level =
      (depth: number): FastifyStylePlugin =>
      async (instance) => {
        const name = NAMES[depth - 1]!
        instance.decorateRequest(name, 0)
        instance.addHook('onRequest', (request, _reply, done) => {
          request[name] = depth
          done()
        })
        if (depth < PREFIXES.length) {
          instance.register(level(depth + 1), { prefix: `/${PREFIXES[depth]}` })
        } else {
          instance.get('/x', (request) => ({ levels: NAMES.map((n) => request[n]) }))
        }
      }
    app.register(level(1), { prefix: `/${PREFIXES[0]}` })
  },
  express(app) {
    const level = (depth: number): Router => {
      const router = express.Router()
      const name = NAMES[depth - 1]!
      router.use((req, _res, next) => {
        ;(req as unknown as Variables)[name] = depth
        next()
      })
      if (depth < PREFIXES.length) {
        router.use(`/${PREFIXES[depth]}`, level(depth + 1))
      } else {
        router.get('/x', (req, res) => {
          res.json({ levels: NAMES.map((n) => (req as unknown as Variables)[n]) })
        })
      }
      return router
    }
    app.use(`/${PREFIXES[0]}`, level(1))
  },
  hono(app) {
    const level = (depth: number): Hono<{ Variables: Variables }> => {
      const child = new Hono<{ Variables: Variables }>()
      const name = NAMES[depth - 1]!
      child.use(async (c, next) => {
        c.set(name, depth)
        await next()
      })
      if (depth < PREFIXES.length) {
        child.route(`/${PREFIXES[depth]}`, level(depth + 1))
      } else {
        child.get('/x', (c) => c.json({ levels: NAMES.map((n) => c.get(n)) }))
      }
      return child
    }
    app.route(`/${PREFIXES[0]}`, level(1))
  },
  node() {
    const hooks = NAMES.map((name, i) => (state: Variables) => {
      state[name] = i + 1
    })
    return (req, res) => {
      if (req.method !== 'GET' || req.url !== PATH) {
        sendJson(res, 404, { error: 'Not Found' })
        return
      }
      const state: Variables = {}
      for (const hook of hooks) hook(state)
      sendJson(res, 200, { levels: NAMES.map((n) => state[n]) })
    }
  },
}
