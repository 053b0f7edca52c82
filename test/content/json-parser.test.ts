import assert from 'node:assert/strict'
import { STATUS_CODES } from 'node:http'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

type Json = Record<string, unknown>
type Options = Parameters<typeof arbor>[0]

/** An app whose POST / handler records every body it receives and echoes it back. */
function recordingApp(options?: Options) {
  const app = arbor(options)
  const calls: unknown[] = []
  app.post('/', async (request) => {
    calls.push(request.body)
    return { body: request.body }
  })
  return { app, calls }
}

function assertError(
  res: { statusCode: number; body: string },
  statusCode: number,
  code: string,
): Json {
  assert.equal(res.statusCode, statusCode)
  const payload = JSON.parse(res.body) as Json
  assert.deepEqual(Object.keys(payload).sort(), ['code', 'error', 'message', 'statusCode'])
  assert.equal(payload.statusCode, statusCode)
  assert.equal(payload.code, code)
  assert.equal(payload.error, STATUS_CODES[statusCode])
  assert.equal(typeof payload.message, 'string')
  return payload
}

describe('content: default JSON parser', () => {
  test('Request bodies: an application/json body reaches the handler parsed', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Ada","tags":["x",1,true,null],"nested":{"n":1.5}}',
    })
    assert.equal(res.statusCode, 200)
    const expected = { name: 'Ada', tags: ['x', 1, true, null], nested: { n: 1.5 } }
    assert.deepEqual(res.json(), { body: expected })
    assert.deepEqual(calls, [expected])
  })

  test('Request bodies: JSON scalars and arrays are valid bodies', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const [raw, value] of [
      ['"text"', 'text'],
      ['42', 42],
      ['[1,2,3]', [1, 2, 3]],
      ['false', false],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      })
      assert.equal(res.statusCode, 200, raw)
      assert.deepEqual(res.json(), { body: value })
    }
    assert.deepEqual(calls, ['text', 42, [1, 2, 3], false])
  })

  test('Request bodies: the JSON media type is matched case-insensitively, with parameters', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const variants = [
      'Application/JSON; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;charset=UTF-8',
      'application/json; charset=utf-8; foo=bar',
      'application/json; charset="utf-8"',
    ]
    for (const contentType of variants) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': contentType },
        payload: '{"ok":true}',
      })
      assert.equal(res.statusCode, 200, contentType)
      assert.deepEqual(res.json(), { body: { ok: true } }, contentType)
    }
    assert.equal(calls.length, variants.length)
  })

  // Divergence from Fastify 4.25, which parses such a body as UTF-8 anyway: issue 3 asks
  // for JSON with a non-UTF-8 charset to be refused rather than silently misread.
  test('Request bodies: a JSON body with a non-UTF-8 charset gets 415 and never reaches the handler', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const contentType of [
      'application/json; charset=latin1',
      'application/json; charset=ISO-8859-1',
      'Application/Json; Charset=UTF-16LE',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': contentType },
        payload: '{"ok":true}',
      })
      assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    }
    assert.deepEqual(calls, [])
  })

  test('Request bodies: an empty body with a JSON content type gets 400 FST_ERR_CTP_EMPTY_JSON_BODY', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': contentType },
        payload: '',
      })
      const payload = assertError(res, 400, 'FST_ERR_CTP_EMPTY_JSON_BODY')
      assert.equal(
        payload.message,
        "Body cannot be empty when content-type is set to 'application/json'",
      )
    }
    // no body at all, and (arbor's reading; Fastify 4.25 calls it invalid JSON) only whitespace
    for (const payload of [undefined, ' \r\n\t ']) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      })
      assertError(res, 400, 'FST_ERR_CTP_EMPTY_JSON_BODY')
    }
    assert.deepEqual(calls, [])
  })

  // Fastify 4.25 answers 400 with the raw SyntaxError (no `code`); arbor gives the error a
  // stable code, as Fastify 5 does.
  test('Request bodies: invalid JSON gets 400 with a stable code and no handler call', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const raw of ['{"a":', '{a:1}', "{'a':1}", 'undefined', '{"a":1}}', 'nul']) {
      const res = await app.inject({
        method: 'POST',
        url: '/',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      })
      assertError(res, 400, 'FST_ERR_CTP_INVALID_JSON_BODY')
    }
    assert.deepEqual(calls, [])
  })

  test('Request bodies: the invalid-JSON message does not echo a long body back', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const secret = 'S3CR3T'.repeat(2000)
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: `{"token":"${secret}", oops}`,
    })
    const payload = assertError(res, 400, 'FST_ERR_CTP_INVALID_JSON_BODY')
    const message = String(payload.message)
    assert.ok(message.length <= 200, `message is ${message.length} characters long`)
    assert.ok(!message.includes('S3CR3T'.repeat(5)), 'message echoes the body')
    assert.ok(res.body.length < 400, `error payload is ${res.body.length} bytes`)
    assert.deepEqual(calls, [])
  })

  test('Request bodies: getDefaultJsonParser builds a JSON parser for another media type', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/vnd.arbor+json',
      { parseAs: 'string' },
      app.getDefaultJsonParser('ignore', 'ignore'),
    )
    const calls: unknown[] = []
    app.post('/', async (request) => {
      calls.push(request.body)
      const body = request.body as Json
      return { keys: Object.keys(body), ownProto: Object.hasOwn(body, '__proto__') }
    })
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/vnd.arbor+json' },
      payload:
        '{"a":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    })
    assert.equal(res.statusCode, 200)
    // ('ignore', 'ignore'): both keys are kept as own properties, nothing is polluted
    assert.deepEqual(res.json(), { keys: ['a', '__proto__', 'constructor'], ownProto: true })
    assert.equal(({} as Json).polluted, undefined)
    assert.equal(calls.length, 1)

    const bad = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/vnd.arbor+json' },
      payload: '',
    })
    assertError(bad, 400, 'FST_ERR_CTP_EMPTY_JSON_BODY')
    assert.equal(calls.length, 1)
  })

  test('Request bodies: getDefaultJsonParser("error", "error") rejects poisoned keys like the default', async (t) => {
    const app = arbor({ onProtoPoisoning: 'ignore', onConstructorPoisoning: 'ignore' })
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/vnd.strict+json',
      { parseAs: 'buffer' },
      app.getDefaultJsonParser('error', 'error'),
    )
    const calls: unknown[] = []
    app.post('/', async (request) => {
      calls.push(request.body)
      return { ok: true }
    })
    const strict = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/vnd.strict+json' },
      payload: '{"__proto__":{"x":1}}',
    })
    assert.equal(strict.statusCode, 400)
    assert.deepEqual(calls, [])
    // the instance-wide default parser was configured with 'ignore'
    const lenient = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1}}',
    })
    assert.equal(lenient.statusCode, 200)
    assert.equal(calls.length, 1)
  })
})
