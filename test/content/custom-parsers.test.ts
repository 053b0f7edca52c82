import assert from 'node:assert/strict'
import type { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import type { ArborInstance, ArborRequest, BodyParser } from '../../src/index.ts'
import arbor, { plugin } from '../../src/index.ts'
import { assertError } from '../helpers/error-payload.ts'

type Done = Parameters<BodyParser>[2]

/** An app whose POST / handler records every body it receives and echoes it back. */
function recordingApp() {
  const app = arbor()
  const calls: unknown[] = []
  app.post('/', async (request) => {
    calls.push(request.body)
    return { body: request.body }
  })
  return { app, calls }
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let text = ''
  for await (const chunk of stream) text += chunk.toString()
  return text
}

function post(contentType: string | undefined, payload: string) {
  return {
    method: 'POST' as const,
    url: '/',
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    payload,
  }
}

function hasCode(code: string) {
  return (err: unknown) => (err as { code?: unknown }).code === code
}

describe('content: addContentTypeParser', () => {
  test('Request bodies: a callback parser for a string type reads the payload stream', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/x-reverse',
      (request: ArborRequest, payload: Readable, done: Done) => {
        readAll(payload).then(
          (text) =>
            done(null, { reversed: [...text].reverse().join(''), via: request.headers['x-via'] }),
          done,
        )
      },
    )
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-reverse', 'x-via': 'header' },
      payload: 'abc',
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, [{ reversed: 'cba', via: 'header' }])
  })

  test('Request bodies: an async parser returns the body', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/x-lines',
      async (_request: ArborRequest, payload: Readable) => {
        const text = await readAll(payload)
        return text.split('\n').filter(Boolean)
      },
    )
    const res = await app.inject(post('application/x-lines', 'a\nb\n\nc\n'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, [['a', 'b', 'c']])
  })

  test('Request bodies: one parser for an array of types', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      ['text/csv', 'text/tab-separated-values'],
      { parseAs: 'string' },
      (request: ArborRequest, body: string | Buffer, done: Done) => {
        const separator = request.headers['content-type'] === 'text/csv' ? ',' : '\t'
        done(null, String(body).split(separator))
      },
    )
    assert.equal((await app.inject(post('text/csv', 'a,b'))).statusCode, 200)
    assert.equal((await app.inject(post('text/tab-separated-values', 'c\td'))).statusCode, 200)
    assert.deepEqual(calls, [
      ['a', 'b'],
      ['c', 'd'],
    ])
  })

  test('Request bodies: a RegExp parser matches every type it accepts', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      /^application\/.+\+json$/,
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => {
        done(null, { vendor: JSON.parse(String(body)) as unknown })
      },
    )
    for (const type of ['application/vnd.api+json', 'application/problem+json; charset=utf-8']) {
      const res = await app.inject(post(type, '{"x":1}'))
      assert.equal(res.statusCode, 200, type)
    }
    const miss = await app.inject(post('application/vnd.api+xml', '<x/>'))
    assertError(miss, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    assert.deepEqual(calls, [{ vendor: { x: 1 } }, { vendor: { x: 1 } }])
  })

  test("Request bodies: the '*' parser takes any type without its own parser, and bodies without a type", async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser('*', (request: ArborRequest, payload: Readable, done: Done) => {
      readAll(payload).then(
        (text) => done(null, { any: text, type: request.headers['content-type'] ?? null }),
        done,
      )
    })
    assert.equal((await app.inject(post('application/octet-stream', 'bin'))).statusCode, 200)
    assert.equal((await app.inject(post('image/x-whatever; q=1', 'img'))).statusCode, 200)
    assert.equal((await app.inject(post(undefined, 'untyped'))).statusCode, 200)
    // the defaults still win for their own types
    assert.equal((await app.inject(post('application/json', '{"j":1}'))).statusCode, 200)
    assert.equal((await app.inject(post('text/plain', 'txt'))).statusCode, 200)
    assert.deepEqual(calls, [
      { any: 'bin', type: 'application/octet-stream' },
      { any: 'img', type: 'image/x-whatever; q=1' },
      { any: 'untyped', type: null },
      { j: 1 },
      'txt',
    ])
  })

  test("Request bodies: parseAs 'string' hands the collected body as a string", async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/x-upper',
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => {
        assert.equal(typeof body, 'string')
        done(null, String(body).toUpperCase())
      },
    )
    const res = await app.inject(post('application/x-upper', 'héllo'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, ['HÉLLO'])
  })

  test("Request bodies: parseAs 'buffer' hands the collected body as a Buffer", async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => {
        done(null, { isBuffer: Buffer.isBuffer(body), bytes: [...(body as Buffer)] })
      },
    )
    const res = await app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0, 1, 254, 255]),
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, [{ isBuffer: true, bytes: [0, 1, 254, 255] }])
  })

  test("Request bodies: an async parser with parseAs 'string' returns the body", async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/x-count',
      { parseAs: 'string' },
      async (_request: ArborRequest, body: string | Buffer) => {
        return { length: String(body).length }
      },
    )
    const res = await app.inject(post('application/x-count', 'abcd'))
    assert.equal(res.statusCode, 200)
    assert.deepEqual(calls, [{ length: 4 }])
  })
})

describe('content: parser registry', () => {
  test('Request bodies: hasContentTypeParser knows the defaults and what was added', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    assert.equal(app.hasContentTypeParser('application/json'), true)
    assert.equal(app.hasContentTypeParser('text/plain'), true)
    assert.equal(app.hasContentTypeParser('application/xml'), false)
    assert.equal(app.hasContentTypeParser(/xml/), false)
    app.addContentTypeParser(
      'application/xml',
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => done(null, body),
    )
    app.addContentTypeParser(/^image\//, (_request: ArborRequest, _payload: Readable, done: Done) =>
      done(null, 'img'),
    )
    assert.equal(app.hasContentTypeParser('application/xml'), true)
    assert.equal(app.hasContentTypeParser(/^image\//), true)
    assert.equal(app.hasContentTypeParser('*'), false)
  })

  test('Request bodies: removeContentTypeParser removes a default, a string and a RegExp parser', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/xml',
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => done(null, body),
    )
    app.addContentTypeParser(/^image\//, (_request: ArborRequest, _payload: Readable, done: Done) =>
      done(null, 'img'),
    )
    app.removeContentTypeParser('application/json')
    app.removeContentTypeParser(['application/xml', /^image\//])
    assert.equal(app.hasContentTypeParser('application/json'), false)
    assert.equal(app.hasContentTypeParser('application/xml'), false)
    assert.equal(app.hasContentTypeParser(/^image\//), false)
    assert.equal(app.hasContentTypeParser('text/plain'), true)
    for (const type of ['application/json', 'application/xml', 'image/png']) {
      assertError(await app.inject(post(type, '{}')), 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    }
    assert.equal((await app.inject(post('text/plain', 'still here'))).statusCode, 200)
    assert.deepEqual(calls, ['still here'])
  })

  test('Request bodies: removeAllContentTypeParsers leaves no parser at all', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.removeAllContentTypeParsers()
    assert.equal(app.hasContentTypeParser('application/json'), false)
    assert.equal(app.hasContentTypeParser('text/plain'), false)
    assertError(
      await app.inject(post('application/json', '{}')),
      415,
      'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    )
    assertError(await app.inject(post('text/plain', 'x')), 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    assert.deepEqual(calls, [])
  })

  test("Request bodies: after removeAllContentTypeParsers a '*' parser takes every body", async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.removeAllContentTypeParsers()
    app.addContentTypeParser(
      '*',
      { parseAs: 'string' },
      (_request: ArborRequest, body: string | Buffer, done: Done) => done(null, `raw:${body}`),
    )
    assert.equal((await app.inject(post('application/json', '{"a":1}'))).statusCode, 200)
    assert.equal((await app.inject(post('text/plain', 'x'))).statusCode, 200)
    assert.deepEqual(calls, ['raw:{"a":1}', 'raw:x'])
  })

  test('Request bodies: registration errors carry their codes', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const parse = (
      _request: unknown,
      _payload: unknown,
      done: (err: Error | null, body?: unknown) => void,
    ) => done(null, 'x')
    app.addContentTypeParser('application/xml', parse)
    assert.throws(
      () => app.addContentTypeParser('application/xml', parse),
      hasCode('FST_ERR_CTP_ALREADY_PRESENT'),
    )
    assert.throws(
      () => app.addContentTypeParser('application/a', { parseAs: 'json' as 'string' }, parse),
      hasCode('FST_ERR_CTP_INVALID_PARSE_TYPE'),
    )
    assert.throws(
      () => app.addContentTypeParser(42 as unknown as string, parse),
      hasCode('FST_ERR_CTP_INVALID_TYPE'),
    )
    assert.throws(() => app.addContentTypeParser('', parse), hasCode('FST_ERR_CTP_EMPTY_TYPE'))
    assert.throws(
      () => app.addContentTypeParser('application/b', {}, 'nope' as unknown as typeof parse),
      hasCode('FST_ERR_CTP_INVALID_HANDLER'),
    )
    await app.ready()
    assert.throws(
      () => app.addContentTypeParser('application/c', parse),
      hasCode('FST_ERR_CTP_INSTANCE_ALREADY_STARTED'),
    )
    assert.throws(
      () => app.removeContentTypeParser('application/xml'),
      hasCode('FST_ERR_CTP_INSTANCE_ALREADY_STARTED'),
    )
    assert.throws(
      () => app.removeAllContentTypeParsers(),
      hasCode('FST_ERR_CTP_INSTANCE_ALREADY_STARTED'),
    )
  })
})

describe('content: matching order', () => {
  test("Request bodies: the most specific match wins: exact type, then RegExp, then '*'", async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const tag = (name: string) => (_request: ArborRequest, _payload: Readable, done: Done) =>
      done(null, name)
    // registered from least to most specific, so registration order cannot explain the result
    app.addContentTypeParser('*', tag('star'))
    app.addContentTypeParser(/^application\/vnd\./, tag('regexp'))
    app.addContentTypeParser('application/vnd.arbor', tag('exact'))
    app.post('/', async (request) => ({ parser: request.body }))
    const cases = [
      ['application/vnd.arbor', 'exact'],
      ['Application/VND.Arbor; version=2', 'exact'],
      ['application/vnd.other', 'regexp'],
      ['application/other', 'star'],
    ]
    for (const [type, parser] of cases) {
      const res = await app.inject(post(type, 'x'))
      assert.equal(res.statusCode, 200, type)
      assert.deepEqual(res.json(), { parser }, type)
    }
  })

  // Fastify 4.25 tries the RegExp parsers newest first; issue 3 asks for registration order.
  test('Request bodies: among RegExp parsers the first registered that matches wins', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addContentTypeParser(
      /^text\/x-/,
      (_request: ArborRequest, _payload: Readable, done: Done) => done(null, 'first'),
    )
    app.addContentTypeParser(/^text\//, (_request: ArborRequest, _payload: Readable, done: Done) =>
      done(null, 'second'),
    )
    app.post('/', async (request) => ({ parser: request.body }))
    assert.deepEqual((await app.inject(post('text/x-foo', 'x'))).json(), { parser: 'first' })
    assert.deepEqual((await app.inject(post('text/html', 'x'))).json(), { parser: 'second' })
    // the exact default still beats both
    assert.deepEqual((await app.inject(post('text/plain', 'x'))).json(), { parser: 'x' })
  })

  test('Request bodies: a type is not matched by a longer type that starts with it', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    for (const type of ['application/jsonp', 'text/plainish', 'application/json-seq']) {
      assertError(await app.inject(post(type, '{"a":1}')), 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    }
    assert.deepEqual(calls, [])
  })
})

describe('content: parser errors', () => {
  test('Request bodies: a parser error with a statusCode takes the error path with that status and code', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    app.addContentTypeParser(
      'application/x-callback',
      (_request: ArborRequest, _payload: Readable, done: Done) => {
        done(
          Object.assign(new Error('callback refused'), {
            statusCode: 422,
            code: 'E_CALLBACK_PARSER',
          }),
        )
      },
    )
    app.addContentTypeParser('application/x-async', async () => {
      throw Object.assign(new Error('async refused'), { statusCode: 409, code: 'E_ASYNC_PARSER' })
    })
    const cb = assertError(
      await app.inject(post('application/x-callback', 'x')),
      422,
      'E_CALLBACK_PARSER',
    )
    assert.equal(cb.message, 'callback refused')
    const as = assertError(
      await app.inject(post('application/x-async', 'x')),
      409,
      'E_ASYNC_PARSER',
    )
    assert.equal(as.message, 'async refused')
    assert.deepEqual(calls, [])
  })

  test('Request bodies: a custom error handler sees the parser error', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const seen: unknown[] = []
    app.setErrorHandler((error, _request, reply) => {
      seen.push((error as { code?: unknown }).code)
      reply.code(418).send({ handled: true })
    })
    app.addContentTypeParser('application/x-fail', async () => {
      throw Object.assign(new Error('nope'), { statusCode: 422, code: 'E_PARSE' })
    })
    const res = await app.inject(post('application/x-fail', 'x'))
    assert.equal(res.statusCode, 418)
    assert.deepEqual(res.json(), { handled: true })
    assert.deepEqual(seen, ['E_PARSE'])
    assert.deepEqual(calls, [])
  })

  // As in Fastify 4.25, a parser's error without a statusCode of its own is a 500 (issue 15
  // replaced issue 3's 400); a synchronous throw, which crashes Fastify, is a 500 here too.
  test('Request bodies: a parser that fails without a statusCode gets 500', async (t) => {
    const { app, calls } = recordingApp()
    t.after(() => app.close())
    const fail = (what: string) =>
      Object.assign(new Error(`${what} failed`), { code: 'E_BAD_BODY' })
    app.addContentTypeParser(
      'application/x-done',
      (_request: ArborRequest, _payload: Readable, done: Done) => done(fail('done')),
    )
    app.addContentTypeParser('application/x-reject', async () => {
      throw fail('reject')
    })
    app.addContentTypeParser('application/x-throw', () => {
      throw fail('throw')
    })
    app.addContentTypeParser('application/x-string-throw', { parseAs: 'string' }, () => {
      throw fail('string-throw')
    })
    app.addContentTypeParser('application/x-string-reject', { parseAs: 'string' }, async () => {
      throw fail('string-reject')
    })
    for (const kind of ['done', 'reject', 'throw', 'string-throw', 'string-reject']) {
      const res = await app.inject(post(`application/x-${kind}`, 'x'))
      const payload = assertError(res, 500, 'E_BAD_BODY')
      assert.equal(payload.message, `${kind} failed`)
    }
    assert.deepEqual(calls, [])
    // and the server still serves
    assert.equal((await app.inject(post('application/json', '{"ok":1}'))).statusCode, 200)
    assert.deepEqual(calls, [{ ok: 1 }])
  })
})

describe('content: parsers added by plugins', () => {
  const formParser = (
    _request: unknown,
    body: string | Buffer,
    done: (err: Error | null, body?: unknown) => void,
  ) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  }

  test('Request bodies: a form parser added by a plugin serves that plugin only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const calls: string[] = []
    await app.register(async (forms: ArborInstance) => {
      forms.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        formParser,
      )
      forms.post('/form', async (request) => {
        calls.push('form')
        return { body: request.body }
      })
    })
    await app.register(async (sibling: ArborInstance) => {
      sibling.post('/sibling', async () => {
        calls.push('sibling')
        return {}
      })
    })
    app.post('/root', async () => {
      calls.push('root')
      return {}
    })
    const form = 'name=Ada+Lovelace&lang=en&lang=fr&note=%F0%9F%98%80'
    const ok = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: form,
    })
    assert.equal(ok.statusCode, 200)
    assert.deepEqual(ok.json(), { body: { name: 'Ada Lovelace', lang: 'fr', note: '😀' } })
    for (const url of ['/root', '/sibling']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      })
      assertError(res, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    }
    assert.equal(app.hasContentTypeParser('application/x-www-form-urlencoded'), false)
    assert.deepEqual(calls, ['form'])
  })

  test('Request bodies: an XML parser added by a wrapped plugin serves its parent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const xml = plugin(
      async (instance: ArborInstance) => {
        instance.addContentTypeParser(
          ['application/xml', 'text/xml'],
          { parseAs: 'string' },
          (_request: ArborRequest, body: string | Buffer, done: Done) => {
            const fields: Record<string, string> = {}
            for (const match of String(body).matchAll(/<(\w+)>([^<]*)<\/\1>/g))
              fields[match[1]!] = match[2]!
            if (Object.keys(fields).length === 0) {
              done(Object.assign(new Error('no XML elements'), { statusCode: 400, code: 'E_XML' }))
              return
            }
            done(null, fields)
          },
        )
      },
      { name: 'xml-parser' },
    )
    await app.register(xml)
    const calls: unknown[] = []
    app.post('/user', async (request) => {
      calls.push(request.body)
      return { body: request.body }
    })
    await app.register(async (child: ArborInstance) => {
      child.post('/child', async (request) => {
        calls.push(request.body)
        return { body: request.body }
      })
    })
    for (const url of ['/user', '/child']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/xml' },
        payload: '<user><name>Ada</name><lang>en</lang></user>',
      })
      assert.equal(res.statusCode, 200, url)
      assert.deepEqual(res.json(), { body: { name: 'Ada', lang: 'en' } })
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/user',
      headers: { 'content-type': 'text/xml' },
      payload: 'not xml',
    })
    assertError(bad, 400, 'E_XML')
    assert.deepEqual(calls, [
      { name: 'Ada', lang: 'en' },
      { name: 'Ada', lang: 'en' },
    ])
  })

  test('Request bodies: a plugin may replace the JSON parser for its own routes only', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(async (lenient: ArborInstance) => {
      lenient.removeContentTypeParser('application/json')
      lenient.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        (_request: ArborRequest, body: string | Buffer, done: Done) => {
          done(null, { raw: body })
        },
      )
      lenient.post('/lenient', async (request) => ({ body: request.body }))
    })
    app.post('/strict', async (request) => ({ body: request.body }))
    const lenient = await app.inject({
      method: 'POST',
      url: '/lenient',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    })
    assert.deepEqual(lenient.json(), { body: { raw: 'not json' } })
    const strict = await app.inject({
      method: 'POST',
      url: '/strict',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    })
    assert.deepEqual(strict.json(), { body: { a: 1 } })
  })
})
