// routerOptions.compile (Fastify 5.12.8): once every route is registered, before the onReady
// hooks, the router's trees are compiled into generated lookup code (find-my-way's compiler
// mode). Routing must answer exactly as the tree walk does, on both Fastify lines: params,
// query, wildcards, regex params, HEAD routes, constraints, not-found handlers, bad URLs.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import Router from 'find-my-way'
import arbor, { type ArborInstance } from '../../src/index.ts'

/** Counts find-my-way's compile() calls while `run` runs (the router arbor uses is this one). */
async function compileCalls(run: () => Promise<unknown>): Promise<number> {
  const proto = Router.prototype as unknown as { compile: (this: unknown) => unknown }
  const original = proto.compile
  let calls = 0
  proto.compile = function (this: unknown) {
    calls++
    return original.call(this)
  }
  try {
    await run()
  } finally {
    proto.compile = original
  }
  return calls
}

function buildApp(line: 4 | 5, compile: boolean): ArborInstance {
  const app = arbor({ fastifyLine: line, routerOptions: { compile } })
  app.get('/', () => ({ root: true }))
  app.get('/users/:id', (request) => ({ params: request.params, query: request.query }))
  app.get('/users/:id/posts/:post', (request) => request.params)
  app.get('/files/*', (request) => request.params)
  app.get('/n/:num(^\\d+$)', (request) => request.params)
  app.post('/users/:id', (request) => ({
    id: (request.params as { id: string }).id,
    body: request.body,
  }))
  app.get('/v', { constraints: { version: '1.2.0' } }, () => 'v1')
  app.get('/v', { constraints: { version: '2.0.0' } }, () => 'v2')
  app.get('/host', { constraints: { host: 'a.example' } }, () => 'a')
  app.register(
    async (child) => {
      child.setNotFoundHandler((request, reply) => reply.code(404).send({ child: request.url }))
      child.get('/here', () => 'here')
    },
    { prefix: '/child' },
  )
  return app
}

const requests = [
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/users/42?sort=asc&page=2' },
  { method: 'GET', url: '/users/%C3%A9t%C3%A9' },
  { method: 'GET', url: '/users/42/posts/7' },
  { method: 'GET', url: '/files/a/b/c.txt' },
  { method: 'GET', url: '/n/123' },
  { method: 'GET', url: '/n/abc' },
  { method: 'HEAD', url: '/users/42' },
  { method: 'POST', url: '/users/9', payload: { a: 1 } },
  { method: 'GET', url: '/v', headers: { 'accept-version': '1.x' } },
  { method: 'GET', url: '/v', headers: { 'accept-version': '2.x' } },
  { method: 'GET', url: '/host', headers: { host: 'a.example' } },
  { method: 'GET', url: '/host', headers: { host: 'b.example' } },
  { method: 'GET', url: '/child/here' },
  { method: 'GET', url: '/child/missing' },
  { method: 'GET', url: '/missing' },
  { method: 'DELETE', url: '/users/42' },
  { method: 'GET', url: '/users/%E0%A4%A' },
] as const

for (const line of [4, 5] as const) {
  test(`Fastify ${line} line: routerOptions.compile answers every request as the tree walk does`, async () => {
    const walked = buildApp(line, false)
    const compiled = buildApp(line, true)
    for (const options of requests) {
      const [a, b] = [await walked.inject(options), await compiled.inject(options)]
      const what = `${options.method} ${options.url}`
      assert.equal(b.statusCode, a.statusCode, what)
      assert.equal(b.body, a.body, what)
      assert.equal(b.headers['content-type'], a.headers['content-type'], what)
    }
    // the answers are the routes' own, not two identical wrong ones
    const user = await compiled.inject('/users/42?sort=asc')
    assert.deepEqual(user.json(), { params: { id: '42' }, query: { sort: 'asc' } })
    await Promise.all([walked.close(), compiled.close()])
  })
}

test('routerOptions.compile compiles the router once, at ready; off by default', async () => {
  const on = buildApp(5, true)
  assert.equal(await compileCalls(() => on.ready()), 1)
  const off = arbor({ fastifyLine: 5 })
  off.get('/', () => 'x')
  assert.equal(await compileCalls(() => off.ready()), 0)
  await Promise.all([on.close(), off.close()])
})

test('routerOptions.compile takes a boolean (FST_ERR_INIT_OPTS_INVALID)', () => {
  assert.throws(
    () => arbor({ routerOptions: { compile: 'yes' as never } }),
    (err: Error & { code?: string }) =>
      err.code === 'FST_ERR_INIT_OPTS_INVALID' && /routerOptions\.compile/.test(err.message),
  )
})
