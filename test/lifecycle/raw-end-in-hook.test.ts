// A hook that ends `reply.raw` itself, as @fastify/middie does when a middleware calls
// `res.end()`: its onRequest hook then never calls `done`. As in Fastify 4.25 and 5, the
// client gets what was written, nothing later in the chain runs (an app hook added after the
// plugin included, since it queues behind it), and onResponse runs once, for the raw response.
// The same check stops preParsing after a hook that replied and still called `done`.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

/** An app with a middie-like plugin, an app onRequest after it, and every later step logged. */
function middieLikeApp(callDone: boolean) {
  const app = arbor()
  const log: string[] = []
  let responded!: () => void
  const finished = new Promise<void>((resolve) => {
    responded = resolve
  })
  app.register(
    plugin((instance, _options, next) => {
      instance.addHook('onRequest', (_request, reply, done) => {
        reply.raw.writeHead(201, { 'content-type': 'text/plain' })
        reply.raw.end('from the middleware')
        if (callDone) done()
      })
      next()
    }),
  )
  app.addHook('onRequest', (_request, _reply, done) => {
    log.push('app onRequest')
    done()
  })
  app.addHook('preHandler', (_request, _reply, done) => {
    log.push('preHandler')
    done()
  })
  app.addHook('onSend', (_request, _reply, payload, done) => {
    log.push('onSend')
    done(null, payload)
  })
  app.addHook('onResponse', (_request, reply, done) => {
    log.push(`onResponse ${reply.statusCode}`)
    done()
    responded()
  })
  app.get('/', async () => {
    log.push('handler')
    return 'from the handler'
  })
  return { app, log, finished }
}

describe('a hook that ends reply.raw itself (@fastify/middie)', { timeout: 10_000 }, () => {
  test('inject: the raw answer, no later hook nor handler, onResponse once', async (t) => {
    const { app, log, finished } = middieLikeApp(false)
    t.after(() => app.close())
    const res = await app.inject('/')
    await finished
    assert.equal(res.statusCode, 201)
    assert.equal(res.body, 'from the middleware')
    assert.deepEqual(log, ['onResponse 201'])
  })

  test('over real HTTP: the same', async (t) => {
    const { app, log, finished } = middieLikeApp(false)
    t.after(() => app.close())
    const port = await listenLocal(app)
    const res = await fetch(`http://127.0.0.1:${port}/`)
    assert.equal(res.status, 201)
    assert.equal(await res.text(), 'from the middleware')
    await finished
    assert.deepEqual(log, ['onResponse 201'])
  })

  test('a hook that ends reply.raw and calls done: the chain stops there all the same', async (t) => {
    const { app, log, finished } = middieLikeApp(true)
    t.after(() => app.close())
    const res = await app.inject('/')
    await finished
    assert.equal(res.body, 'from the middleware')
    assert.deepEqual(log, ['onResponse 201'])
  })
})

describe('a preParsing hook that replied and still calls done', () => {
  test('the later preParsing hooks do not run (Fastify’s reply.sent check)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const log: string[] = []
    app.addHook('preParsing', (_request, reply, _payload, done) => {
      reply.send('early')
      done()
    })
    app.addHook('preParsing', (_request, _reply, payload, done) => {
      log.push('second preParsing')
      done(null, payload)
    })
    app.addHook('onSend', (_request, _reply, payload, done) => {
      log.push('onSend')
      done(null, payload)
    })
    app.get('/', async () => {
      log.push('handler')
      return 'late'
    })
    const res = await app.inject('/')
    assert.equal(res.body, 'early')
    assert.deepEqual(log, ['onSend'])
  })
})
