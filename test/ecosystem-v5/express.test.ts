// @fastify/express 4 (the Fastify 5 major) on arbor, in both lines, over real HTTP on 127.0.0.1.
// The plugin runs express middleware in an onRequest hook: it gives reply.raw express's methods,
// its own `send` that calls reply.send, and a `headersSent` that turns true when that send runs,
// before anything was written. arbor's write path must still answer (src/request/head-written.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fastifyExpress from '@fastify/express'
import express from 'express'
import { type App, lines, overHttp } from './lines.ts'

// `use` is the plugin's decorator, missing from arbor's instance type
type WithUse = { use(path: string | Function, fn?: Function): unknown }
type Next = () => void
type ExpressRes = {
  send(body: unknown): void
  json(body: unknown): void
  status(code: number): ExpressRes
  setHeader(name: string, value: string): void
  end(body: string): void
}

async function build(app: App) {
  await app.register(fastifyExpress)
  const use = (app as unknown as WithUse).use.bind(app)
  use((_req: unknown, res: ExpressRes, next: Next) => {
    res.setHeader('x-express', 'middleware ran')
    next()
  })
  use('/express/text', (_req: unknown, res: ExpressRes) => res.send('sent by express'))
  use('/express/json', (_req: unknown, res: ExpressRes) =>
    res.status(201).json({ from: 'express' }),
  )
  use('/express/end', (_req: unknown, res: ExpressRes) => res.end('ended by hand'))
  const router = express.Router()
  router.get('/users/:id', (req, res) => {
    res.json({ id: req.params.id, via: 'express router' })
  })
  use(router)
  app.get('/fastify', async () => ({ from: 'route' }))
  await app.register(
    async (child) => {
      // the middleware runs in the child's onRequest hook, so for the child's routes
      ;(child as unknown as WithUse).use('/hello', (_req: unknown, res: ExpressRes) =>
        res.send('child middleware'),
      )
      child.get('/hello', async () => 'the route, not reached')
    },
    { prefix: '/child' },
  )
  return overHttp(app)
}

for (const line of lines) {
  const label = `@fastify/express 4 (${line.name})`

  test(`${label}: express's res.send and res.json answer through reply.send`, {
    timeout: 10_000,
  }, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    const get = await build(app)
    const text = await get('/express/text', { signal: AbortSignal.timeout(3000) })
    assert.equal(text.status, 200)
    assert.equal(text.headers.get('x-express'), 'middleware ran')
    assert.equal(await text.text(), 'sent by express')
    const json = await get('/express/json', { signal: AbortSignal.timeout(3000) })
    assert.equal(json.status, 201)
    assert.match(String(json.headers.get('content-type')), /^application\/json/)
    assert.deepEqual(await json.json(), { from: 'express' })
  })

  test(`${label}: an express Router, res.end, a child's prefixed middleware, and routes`, {
    timeout: 10_000,
  }, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    const get = await build(app)
    const user = await get('/users/42', { signal: AbortSignal.timeout(3000) })
    assert.deepEqual(await user.json(), { id: '42', via: 'express router' })
    const ended = await get('/express/end', { signal: AbortSignal.timeout(3000) })
    assert.equal(await ended.text(), 'ended by hand')
    const child = await get('/child/hello', { signal: AbortSignal.timeout(3000) })
    assert.equal(await child.text(), 'child middleware')
    const route = await get('/fastify', { signal: AbortSignal.timeout(3000) })
    assert.equal(route.headers.get('x-express'), 'middleware ran')
    assert.deepEqual(await route.json(), { from: 'route' })
  })
}
