import { type Scenario, sendJson } from '../lib/scenario.ts'

export const scenario: Scenario = {
  name: 'hello',
  description: 'GET / answers {"hello":"world"}',
  requests: [{ method: 'GET', path: '/', status: 200, body: '{"hello":"world"}' }],
  fastify(app) {
    app.get('/', () => ({ hello: 'world' }))
  },
  express(app) {
    app.get('/', (_req, res) => {
      res.json({ hello: 'world' })
    })
  },
  hono(app) {
    app.get('/', (c) => c.json({ hello: 'world' }))
  },
  node() {
    return (req, res) => {
      if (req.method === 'GET' && req.url === '/') sendJson(res, 200, { hello: 'world' })
      else sendJson(res, 404, { error: 'Not Found' })
    }
  },
}
