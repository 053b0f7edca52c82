import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'
import { assertError } from '../helpers/error-payload.ts'
import { listenLocal } from '../helpers/http.ts'

type Json = Record<string, unknown>
type Options = Parameters<typeof arbor>[0]

// The code of a JSON body refused for prototype-poisoning keys.
const POISONED = 'FST_ERR_CTP_PROTO_POISONING'

/** An app whose POST / handler records every body it receives and echoes it back. */
function recordingApp(options?: Options) {
  const app = arbor(options)
  const calls: unknown[] = []
  app.post('/', async (request) => {
    calls.push(request.body)
    const body = request.body as Json
    return { keys: Object.keys(body), ownProto: Object.hasOwn(body, '__proto__') }
  })
  return { app, calls }
}

function postJson(payload: string) {
  return {
    method: 'POST' as const,
    url: '/',
    headers: { 'content-type': 'application/json' },
    payload,
  }
}

function assertNotPolluted() {
  const probe = {} as Json
  assert.equal(probe.polluted, undefined)
  assert.equal(probe.isAdmin, undefined)
  assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false)
  assert.equal(Object.hasOwn(Object.prototype, 'isAdmin'), false)
}

describe('content: unsupported media types', () => {
  test('Request bodies: a body with no parser for its content type gets 415 FST_ERR_CTP_INVALID_MEDIA_TYPE', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const contentType of [
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'not a media type',
      ';;;',
      'application/',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': contentType },
        payload: 'x=1',
      })
      assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    }
    assert.deepEqual(calls, [])
  })

  test('Request bodies: the 415 message names the refused media type', async (t) => {
    const { app } = recordingApp()
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    const payload = assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    assert.match(String(payload.message), /application\/xml/)
  })
})

describe('content: prototype poisoning', () => {
  const protoBodies = [
    '{"a":1,"__proto__":{"polluted":true}}',
    '{"a":{"b":{"__proto__":{"isAdmin":true}}}}',
    '[{"ok":1},{"__proto__":{"polluted":true}}]',
    '{"a":1,"\\u005f_proto__":{"polluted":true}}',
  ]
  const constructorBodies = [
    '{"a":1,"constructor":{"prototype":{"polluted":true}}}',
    '{"deep":[{"constructor":{"prototype":{"isAdmin":true}}}]}',
  ]

  test('Request bodies: __proto__ keys get 400 by default and never reach the handler', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const body of protoBodies) assertError(await app.inject(postJson(body)), 400, POISONED)
    assert.deepEqual(calls, [])
    assertNotPolluted()
  })

  test('Request bodies: constructor.prototype keys get 400 by default and never reach the handler', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const body of constructorBodies)
      assertError(await app.inject(postJson(body)), 400, POISONED)
    assert.deepEqual(calls, [])
    assertNotPolluted()
  })

  test('Request bodies: a plain "constructor" key without "prototype" is an ordinary key', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const res = await app.inject(postJson('{"constructor":"Ada","prototype":1}'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['constructor', 'prototype'], ownProto: false })
    assert.deepEqual(calls, [{ constructor: 'Ada', prototype: 1 }])
  })

  test("Request bodies: onProtoPoisoning 'remove' drops __proto__ keys and keeps the rest", async (t) => {
    const { app, calls } = recordingApp({ onProtoPoisoning: 'remove' })
    t.after(() => app.close())
    const res = await app.inject(postJson('{"a":1,"__proto__":{"polluted":true},"b":2}'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['a', 'b'], ownProto: false })
    assert.equal(calls.length, 1)
    assert.equal((calls[0] as Json).polluted, undefined)
    // constructor.prototype is still refused: the two options are independent
    assertError(await app.inject(postJson(constructorBodies[0]!)), 400, POISONED)
    assert.equal(calls.length, 1)
    assertNotPolluted()
  })

  test("Request bodies: onProtoPoisoning 'ignore' keeps __proto__ as an own key without polluting", async (t) => {
    const { app, calls } = recordingApp({ onProtoPoisoning: 'ignore' })
    t.after(() => app.close())
    const res = await app.inject(postJson('{"a":1,"__proto__":{"polluted":true}}'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['a', '__proto__'], ownProto: true })
    assert.equal(calls.length, 1)
    // an own property, not the prototype: the body object itself is not polluted either
    assert.equal((calls[0] as Json).polluted, undefined)
    assertNotPolluted()
  })

  test("Request bodies: onConstructorPoisoning 'remove' drops the constructor key", async (t) => {
    const { app, calls } = recordingApp({ onConstructorPoisoning: 'remove' })
    t.after(() => app.close())
    const res = await app.inject(postJson('{"a":1,"constructor":{"prototype":{"polluted":true}}}'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['a'], ownProto: false })
    assert.deepEqual(calls, [{ a: 1 }])
    assertError(await app.inject(postJson(protoBodies[0]!)), 400, POISONED)
    assert.equal(calls.length, 1)
    assertNotPolluted()
  })

  test("Request bodies: onConstructorPoisoning 'ignore' keeps the constructor key", async (t) => {
    const { app, calls } = recordingApp({ onConstructorPoisoning: 'ignore' })
    t.after(() => app.close())
    const res = await app.inject(postJson('{"a":1,"constructor":{"prototype":{"polluted":true}}}'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { keys: ['a', 'constructor'], ownProto: false })
    assert.deepEqual(calls, [{ a: 1, constructor: { prototype: { polluted: true } } }])
    assertNotPolluted()
  })
})

describe('content: many bad requests', () => {
  test('Request bodies: after 50 concurrent bad requests a good request still succeeds', {
    timeout: 30_000,
  }, async (t) => {
    const { app, calls } = recordingApp({ bodyLimit: 100 })
    t.after(() => app.close())
    const port = await listenLocal(app)
    const url = `http://127.0.0.1:${port}/`
    const kinds: { contentType: string; body: string; status: number; code: string }[] = [
      {
        contentType: 'application/json',
        body: '{"a":',
        status: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      },
      {
        contentType: 'application/json',
        body: '',
        status: 400,
        code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
      },
      {
        contentType: 'application/json',
        body: '{"__proto__":{"polluted":true}}',
        status: 400,
        code: POISONED,
      },
      {
        contentType: 'application/xml',
        body: '<a/>',
        status: 415,
        code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      },
      {
        contentType: 'application/json',
        body: `[${'1,'.repeat(60)}1]`,
        status: 413,
        code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      },
    ]
    const requests = Array.from({ length: 50 }, (_, i) => {
      const kind = kinds[i % kinds.length]!
      return fetch(url, {
        method: 'POST',
        headers: { 'content-type': kind.contentType },
        body: kind.body,
      }).then(async (res) => ({ kind, status: res.status, payload: (await res.json()) as Json }))
    })
    const results = await Promise.all(requests)
    for (const { kind, status, payload } of results) {
      assert.equal(status, kind.status, kind.body)
      assert.equal(payload.code, kind.code, kind.body)
    }
    assert.deepEqual(calls, [])
    assertNotPolluted()
    const good = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ok":1}',
    })
    assert.equal(good.status, 200)
    assert.deepEqual(await good.json(), { keys: ['ok'], ownProto: false })
    assert.deepEqual(calls, [{ ok: 1 }])
  })
})
