import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { ArborRequest, BodyParser } from '../../src/index.ts'
import arbor from '../../src/index.ts'
import { assertError } from '../helpers/error-payload.ts'

type Done = Parameters<BodyParser>[2]

type Json = Record<string, unknown>
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

const ALL: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const READ: Method[] = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** One route answering every method; each call records the method and whether a body was set. */
function recordingApp() {
  const app = arbor()
  const calls: { method: string; body: unknown }[] = []
  app.route({
    method: ALL,
    url: '/',
    handler: async (request) => {
      calls.push({ method: request.method, body: request.body })
      return { body: request.body === undefined ? 'none' : request.body }
    },
  })
  return { app, calls }
}

describe('content: which methods have their body read', () => {
  for (const method of READ) {
    test(`Request bodies: a ${method} body is parsed`, async (t) => {
      const { app, calls } = recordingApp()
      t.after(() => app.close())
      const res = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: '{"m":1}',
      })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), { body: { m: 1 } })
      assert.deepEqual(calls, [{ method, body: { m: 1 } }])
    })

    test(`Request bodies: a ${method} body with invalid JSON is refused before the handler`, async (t) => {
      const { app, calls } = recordingApp()
      t.after(() => app.close())
      const res = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: '{"m":',
      })
      assertError(res, 400, 'FST_ERR_CTP_INVALID_JSON_BODY')
      assert.deepEqual(calls, [])
    })

    test(`Request bodies: a ${method} body with no parser gets 415`, async (t) => {
      const { app, calls } = recordingApp()
      t.after(() => app.close())
      const res = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'whatever',
      })
      assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      assert.deepEqual(calls, [])
    })
  }

  for (const method of ['GET', 'HEAD'] as const) {
    test(`Request bodies: a ${method} body is never parsed, whatever its content type`, async (t) => {
      const { app, calls } = recordingApp()
      t.after(() => app.close())
      // malformed JSON, an unknown media type and an empty JSON body would all be errors on POST
      for (const [contentType, payload] of [
        ['application/json', '{"not": json'],
        ['application/x-unknown', 'whatever'],
        ['application/json', ''],
      ]) {
        const res = await app.inject({
          method,
          url: '/',
          headers: { 'content-type': contentType },
          payload,
        })
        assert.equal(res.statusCode, 200, `${contentType} ${payload}`)
        if (method === 'GET') assert.deepEqual(res.json(), { body: 'none' })
      }
      assert.deepEqual(calls, [
        { method, body: undefined },
        { method, body: undefined },
        { method, body: undefined },
      ])
    })
  }

  test('Request bodies: a POST without a body or content type reaches the handler with no body', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const res = await app.inject({ method: 'POST', url: '/' })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { body: 'none' })
    assert.deepEqual(calls, [{ method: 'POST', body: undefined }])
  })

  test('Request bodies: DELETE and OPTIONS without a body are not parsed even with a content type', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const method of ['DELETE', 'OPTIONS'] as const) {
      const res = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/json' },
      })
      assert.equal(res.statusCode, 200, method)
      assert.deepEqual(res.json(), { body: 'none' })
    }
    assert.deepEqual(calls, [
      { method: 'DELETE', body: undefined },
      { method: 'OPTIONS', body: undefined },
    ])
  })

  test('Request bodies: a POST body with no content type gets 415', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const res = await app.inject({ method: 'POST', url: '/', payload: Buffer.from('raw bytes') })
    assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    assert.deepEqual(calls, [])
  })
})

describe('content: parsed bodies meet schema.body (DESIGN.md Divergences 3 and 4)', () => {
  const schema = {
    body: {
      type: 'object',
      properties: { n: { type: 'integer' } },
      required: ['n'],
    },
  }

  for (const method of ['DELETE', 'OPTIONS'] as const) {
    test(`Divergences 3: a ${method} body is validated against schema.body`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      const calls: unknown[] = []
      app.route({
        method,
        url: '/',
        schema,
        handler: async (request) => {
          calls.push(request.body)
          return { ok: true }
        },
      })
      const bad = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: '{"n":"x"}',
      })
      assert.equal(bad.statusCode, 400)
      assert.equal((bad.json() as Json).code, 'FST_ERR_VALIDATION')
      const good = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: '{"n":3}',
      })
      assert.equal(good.statusCode, 200)
      assert.deepEqual(calls, [{ n: 3 }])
    })
  }

  test('Divergences 4: a body of a type with no parser gets 415, never validation, never the handler', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const calls: unknown[] = []
    app.post('/', { schema }, async (request) => {
      calls.push(request.body)
      return { ok: true }
    })
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'n=3',
    })
    assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    assert.deepEqual(calls, [])
  })

  test('Divergences 4: a body produced by a custom parser is validated against schema.body', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))))
      },
    )
    const calls: unknown[] = []
    app.post('/', { schema }, async (request) => {
      calls.push(request.body)
      return { ok: true }
    })
    const bad = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'm=3',
    })
    assert.equal(bad.statusCode, 400)
    assert.equal((bad.json() as Json).code, 'FST_ERR_VALIDATION')
    // coercion turns the form's string into the declared integer
    const good = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'n=3',
    })
    assert.equal(good.statusCode, 200)
    assert.deepEqual(calls, [{ n: 3 }])
  })
})

describe('content: Fastify 4.25.2’s method rules', () => {
  test('Request bodies: DELETE and OPTIONS with a content type and Content-Length: 0 reach the parser (empty JSON: 400, text: "")', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.route({
      method: ['DELETE', 'OPTIONS'],
      url: '/',
      handler: async (request) => ({ body: request.body }),
    })
    for (const method of ['DELETE', 'OPTIONS'] as const) {
      const json = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'application/json', 'content-length': '0' },
      })
      assertError(json, 400, 'FST_ERR_CTP_EMPTY_JSON_BODY')
      const text = await app.inject({
        method,
        url: '/',
        headers: { 'content-type': 'text/plain', 'content-length': '0' },
      })
      assert.deepEqual(text.json(), { body: '' }, method)
    }
  })

  for (const method of ['PROPFIND', 'PROPPATCH', 'LOCK', 'REPORT', 'MKCALENDAR']) {
    test(`Request bodies: a ${method} body is not parsed: no 415 without a parser, request.body undefined`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.route({
        method,
        url: '/',
        handler: async (request) => ({ parsed: request.body !== undefined }),
      })
      for (const headers of [{}, { 'content-type': 'application/xml' }]) {
        // light-my-request's types list the common methods only; it sends any method
        const res = await app.inject({
          method: method as 'POST',
          url: '/',
          headers,
          payload: '<a/>',
        })
        assert.equal(res.statusCode, 200)
        assert.deepEqual(res.json(), { parsed: false })
      }
    })
  }

  test('Request bodies: an unmatched URL answers 404, not 415, whatever its content type', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/nowhere',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    })
    assert.equal(res.statusCode, 404)
    assert.deepEqual(res.json(), {
      message: 'Route POST:/nowhere not found',
      error: 'Not Found',
      statusCode: 404,
    })
  })
})
