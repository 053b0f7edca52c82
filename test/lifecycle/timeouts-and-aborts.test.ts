import assert from 'node:assert/strict'
import http from 'node:http'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { listenLocal } from '../helpers/http.ts'

// Only so that a hook that never fires fails the test instead of hanging the run.
const SAFETY_TIMEOUT = 10_000

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** GETs path on a fresh connection and resolves with the client-side outcome. */
function getOutcome(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume()
      resolve(`response ${res.statusCode}`)
    })
    req.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`))
  })
}

/** Starts a POST with a JSON content type; the caller writes the body and destroys it. */
function startPost(port: number, path: string): http.ClientRequest {
  const req = http.request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': '64' },
  })
  req.on('error', () => {})
  req.flushHeaders()
  return req
}

describe('onTimeout (real socket)', () => {
  test('onTimeout fires when the connection times out while the handler never replies', {
    timeout: SAFETY_TIMEOUT,
  }, async (t) => {
    const app = arbor({ connectionTimeout: 50 })
    t.after(() => app.close())
    const timedOut = deferred<unknown[]>()
    let handlerStarted = false
    app.addHook('onTimeout', async (request, reply) => {
      timedOut.resolve([request.method, request.url, reply.raw instanceof http.ServerResponse])
    })
    app.get('/never', () => {
      handlerStarted = true
      // never replies
    })
    const port = await listenLocal(app)

    const outcome = await getOutcome(port, '/never')

    // The server drops the connection: the client gets no response.
    assert.equal(outcome, 'error ECONNRESET')
    assert.deepEqual(await timedOut.promise, ['GET', '/never', true])
    assert.equal(handlerStarted, true)
  })

  test('route-level onTimeout (callback style) runs after the context onTimeout', {
    timeout: SAFETY_TIMEOUT,
  }, async (t) => {
    const app = arbor({ connectionTimeout: 50 })
    t.after(() => app.close())
    const seen: string[] = []
    const done = deferred<void>()
    app.addHook('onTimeout', (_request, _reply, next) => {
      seen.push('context')
      next()
    })
    app.get(
      '/never',
      {
        onTimeout: (_request, _reply, next) => {
          seen.push('route')
          next()
          done.resolve()
        },
      },
      () => {
        // never replies
      },
    )
    const port = await listenLocal(app)

    const outcome = await getOutcome(port, '/never')
    await done.promise

    assert.equal(outcome, 'error ECONNRESET')
    assert.deepEqual(seen, ['context', 'route'])
  })
})

describe('onRequestAbort (real socket)', () => {
  test('onRequestAbort fires when the client goes away while the body is still being sent', {
    timeout: SAFETY_TIMEOUT,
  }, async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const arrived = deferred<void>()
    const aborted = deferred<unknown[]>()
    let handlerRan = false
    app.addHook('onRequest', async () => {
      arrived.resolve()
    })
    app.addHook('onRequestAbort', async (request) => {
      aborted.resolve([request.method, request.url])
    })
    app.post('/upload', async () => {
      handlerRan = true
      return { ok: true }
    })
    const port = await listenLocal(app)

    const req = startPost(port, '/upload')
    req.write('{"partial":')
    await arrived.promise
    req.destroy()

    assert.deepEqual(await aborted.promise, ['POST', '/upload'])
    assert.equal(handlerRan, false)
  })

  test('onRequestAbort (callback style) takes (request, done); done passes on to the next hook', {
    timeout: SAFETY_TIMEOUT,
  }, async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const arrived = deferred<void>()
    const aborted = deferred<string[]>()
    const seen: string[] = []
    app.addHook('onRequest', (_request, _reply, done) => {
      arrived.resolve()
      done()
    })
    app.addHook('onRequestAbort', (request, done) => {
      seen.push(`first ${request.url}`)
      done()
    })
    app.addHook('onRequestAbort', (request, done) => {
      seen.push(`second ${request.url}`)
      done()
      aborted.resolve(seen)
    })
    app.post('/upload', async () => ({ ok: true }))
    const port = await listenLocal(app)

    const req = startPost(port, '/upload?x=1')
    req.write('{"partial":')
    await arrived.promise
    req.destroy()

    assert.deepEqual(await aborted.promise, ['first /upload?x=1', 'second /upload?x=1'])
  })

  test('route-level onRequestAbort runs after the context one', {
    timeout: SAFETY_TIMEOUT,
  }, async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const arrived = deferred<void>()
    const seen: string[] = []
    const done = deferred<void>()
    // An async onRequestAbort declares its request parameter (Fastify checks the arity).
    app.addHook('onRequestAbort', async (_request) => {
      seen.push('context')
    })
    app.post(
      '/upload',
      {
        onRequest: async () => {
          arrived.resolve()
        },
        onRequestAbort: async (_request) => {
          seen.push('route')
          done.resolve()
        },
      },
      async () => ({ ok: true }),
    )
    const port = await listenLocal(app)

    const req = startPost(port, '/upload')
    req.write('{"partial":')
    await arrived.promise
    req.destroy()
    await done.promise

    assert.deepEqual(seen, ['context', 'route'])
  })

  test('onRequestAbort does not fire for a request that completes', {
    timeout: SAFETY_TIMEOUT,
  }, async () => {
    const app = arbor()
    let calls = 0
    app.addHook('onRequestAbort', async (_request) => {
      calls++
    })
    app.get('/', async () => ({ ok: true }))
    const port = await listenLocal(app)

    const outcome = await getOutcome(port, '/')
    await app.close()

    assert.equal(outcome, 'response 200')
    assert.equal(calls, 0)
  })
})
