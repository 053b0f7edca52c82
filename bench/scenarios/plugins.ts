import express from 'express'
import { Hono } from 'hono'
import { type Scenario, sendJson } from '../lib/scenario.ts'

// 100 sibling plugins (contexts) with 10 routes each, /pI/rJ answers {"plugin":I,"route":J}.
// The load walks one route of every plugin in turn, so no single route stays hot.
const PLUGINS = 100
const ROUTES = 10

const requests = Array.from({ length: PLUGINS }, (_, i) => {
  const j = (i * 3) % ROUTES
  return {
    method: 'GET' as const,
    path: `/p${i}/r${j}`,
    status: 200,
    body: JSON.stringify({ plugin: i, route: j }),
  }
})

export const scenario: Scenario = {
  name: 'plugins',
  description: `${PLUGINS} sibling plugins x ${ROUTES} routes, load spread over all ${PLUGINS}`,
  requests,
  fastify(app) {
    for (let i = 0; i < PLUGINS; i++) {
      app.register(
        async (instance) => {
          for (let j = 0; j < ROUTES; j++) instance.get(`/r${j}`, () => ({ plugin: i, route: j }))
        },
        { prefix: `/p${i}` },
      )
    }
  },
  express(app) {
    for (let i = 0; i < PLUGINS; i++) {
      const router = express.Router()
      for (let j = 0; j < ROUTES; j++) {
        router.get(`/r${j}`, (_req, res) => {
          res.json({ plugin: i, route: j })
        })
      }
      app.use(`/p${i}`, router)
    }
  },
  hono(app) {
    for (let i = 0; i < PLUGINS; i++) {
      const child = new Hono()
      for (let j = 0; j < ROUTES; j++) child.get(`/r${j}`, (c) => c.json({ plugin: i, route: j }))
      app.route(`/p${i}`, child)
    }
  },
  node() {
    const routes = new Map<string, () => unknown>()
    for (let i = 0; i < PLUGINS; i++) {
      for (let j = 0; j < ROUTES; j++) routes.set(`/p${i}/r${j}`, () => ({ plugin: i, route: j }))
    }
    return (req, res) => {
      const route = req.method === 'GET' ? routes.get(req.url ?? '/') : undefined
      if (route) sendJson(res, 200, route())
      else sendJson(res, 404, { error: 'Not Found' })
    }
  },
}
