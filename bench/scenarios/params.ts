import { type Scenario, sendJson } from '../lib/scenario.ts'

// 200 parametric routes; the load hits one in the middle, so the router has to tell it
// apart from its neighbours rather than match the first route it tries.
const ROUTES = 200

export const scenario: Scenario = {
  name: 'params',
  description: `${ROUTES} routes /rN/:id registered, GET /r150/42 answers {"id":"42"}`,
  requests: [{ method: 'GET', path: '/r150/42', status: 200, body: '{"id":"42"}' }],
  fastify(app) {
    for (let i = 0; i < ROUTES; i++) {
      app.get(`/r${i}/:id`, (request) => ({ id: request.params.id }))
    }
  },
  express(app) {
    for (let i = 0; i < ROUTES; i++) {
      app.get(`/r${i}/:id`, (req, res) => {
        res.json({ id: req.params.id })
      })
    }
  },
  hono(app) {
    for (let i = 0; i < ROUTES; i++) {
      app.get(`/r${i}/:id`, (c) => c.json({ id: c.req.param('id') }))
    }
  },
  node() {
    // The floor does the least a router must: pick the route by its first segment, then
    // take the parameter from the second.
    const routes = new Set<string>()
    for (let i = 0; i < ROUTES; i++) routes.add(`r${i}`)
    return (req, res) => {
      const url = req.url ?? '/'
      const slash = url.indexOf('/', 1)
      if (req.method === 'GET' && slash > 0 && routes.has(url.slice(1, slash))) {
        const id = url.slice(slash + 1)
        if (id !== '' && !id.includes('/')) {
          sendJson(res, 200, { id: decodeURIComponent(id) })
          return
        }
      }
      sendJson(res, 404, { error: 'Not Found' })
    }
  },
}
