// warmBeforeListen and Fastify 5's handler tracing: a tracer subscribed to
// `tracing:fastify.request.handler:*` sees every handler call of every application, so the
// first listen() of a process sends no warm-up request while one listens: the tracer's first
// event is the first client's request. In its own file, so that this listen() is the process's
// first.
import assert from 'node:assert/strict'
import diagnostics from 'node:diagnostics_channel'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal, postJson } from '../helpers/http.ts'

test('warmBeforeListen: no warm-up request while a tracer listens to the handler channel', async () => {
  const traced: string[] = []
  const onStart = (message: unknown) => {
    const { request: req } = message as { request: { method: string; url: string } }
    traced.push(`${req.method} ${req.url}`)
  }
  diagnostics.subscribe('tracing:fastify.request.handler:start', onStart)
  const app = arbor()
  app.post('/:id', async (req) => req.body)
  try {
    const port = await listenLocal(app)
    assert.deepEqual(traced, [])
    assert.equal((await postJson(port, '/7', '{}')).status, 200)
    assert.deepEqual(traced, ['POST /7'])
  } finally {
    diagnostics.unsubscribe('tracing:fastify.request.handler:start', onStart)
    await app.close()
  }
})
