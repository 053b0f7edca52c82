// Callback-style inject() before ready (arbor issue 39, @fastify/session's "Custom options"
// test, which injects twice right after building the app and asserts within a 1 ms timer).
// As in Fastify 4.25 and 5, the boot and a request without a body finish in the turn of the
// event loop that called inject(); a body arrives from light-my-request one turn later
// (it pushes the payload in a setImmediate), and nothing in arbor adds a turn of its own.
// Measured in event-loop turns, never in time.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { type ArborInstance, plugin } from '../../src/index.ts'

/** Counts the turns of the event loop (check phases) until stopped. */
function turnCounter() {
  let turns = 0
  let running = true
  const tick = () => {
    if (!running) return
    turns++
    setImmediate(tick)
  }
  setImmediate(tick)
  return {
    get turns() {
      return turns
    },
    stop() {
      running = false
    },
  }
}

/** An app with plugins of every style and an onReady hook, so that boot runs the whole queue. */
function buildApp(fastifyLine: 4 | 5): ArborInstance {
  const app = arbor({ fastifyLine })
  app.register((instance, _opts, done) => {
    instance.decorate('one', 1)
    done()
  })
  app.register(
    plugin(async (instance) => {
      instance.decorateRequest('session', null)
      instance.addHook('onRequest', (request, _reply, done) => {
        ;(request as unknown as { session: object }).session = {}
        done()
      })
      instance.addHook('onSend', (_request, _reply, payload, done) => done(null, payload))
    }),
  )
  app.after(() => {})
  app.addHook('onReady', (done) => done())
  app.get('/', async () => ({ ok: true }))
  app.post('/', async (request) => request.body)
  return app
}

for (const fastifyLine of [4, 5] as const) {
  test(`inject(opts, cb) twice before ready: boot and both requests in the calling turn (Fastify ${fastifyLine} line)`, async (t) => {
    const app = buildApp(fastifyLine)
    t.after(() => app.close())
    const counter = turnCounter()
    const seen: number[] = []
    const both = new Promise<void>((resolve, reject) => {
      app.inject({ url: '/' }, (err, res) => {
        if (err) return reject(err)
        assert.equal(res?.statusCode, 200)
        seen.push(counter.turns)
      })
      app.inject({ url: '/' }, (err, res) => {
        if (err) return reject(err)
        assert.equal(res?.statusCode, 200)
        seen.push(counter.turns)
        resolve()
      })
    })
    await both
    counter.stop()
    assert.deepEqual(seen, [0, 0])
  })

  test(`inject(opts, cb) of a POST before ready, then one from its callback: one turn, light-my-request's (Fastify ${fastifyLine} line)`, async (t) => {
    const app = buildApp(fastifyLine)
    t.after(() => app.close())
    const counter = turnCounter()
    const seen: number[] = []
    await new Promise<void>((resolve, reject) => {
      app.inject({ method: 'POST', url: '/', payload: { some: 'data' } }, (err, res) => {
        if (err) return reject(err)
        assert.deepEqual(res?.json(), { some: 'data' })
        seen.push(counter.turns)
        app.inject({ url: '/' }, (err2, res2) => {
          if (err2) return reject(err2)
          assert.equal(res2?.statusCode, 200)
          seen.push(counter.turns)
          resolve()
        })
      })
    })
    counter.stop()
    assert.deepEqual(seen, [1, 1])
  })
}
