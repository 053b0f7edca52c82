// `schema.body.content`: one body schema per media type (arbor issue 39), as Fastify 5 and
// 4.29 read it, in both lines. The request's media type (without parameters, any case) picks
// the schema; a body of a media type the route lists no schema for is refused with 415 rather
// than let through unvalidated (DESIGN.md "Divergences" 3). A `content` whose keys are not
// media types stays a property of the spec's shorthand.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ValidatorCompilerInput } from '../../src/index.ts'

const artist = {
  type: 'object',
  properties: { name: { type: 'string' }, work: { type: 'string' } },
  required: ['name', 'work'],
}

function perTypeApp(fastifyLine: 4 | 5, compileSchemas: 'lazy' | 'eager' = 'lazy') {
  const app = arbor({ fastifyLine, compileSchemas })
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  )
  app.post(
    '/',
    {
      schema: {
        body: {
          content: {
            'application/json': { schema: artist },
            'application/octet-stream': { schema: {} },
            'text/plain': { schema: { type: 'string', maxLength: 5 } },
          },
        },
      },
    },
    async (request) => ({ body: Buffer.isBuffer(request.body) ? 'buffer' : request.body }),
  )
  return app
}

for (const fastifyLine of [4, 5] as const) {
  describe(`schema.body.content (Fastify ${fastifyLine} line)`, () => {
    test('each media type is validated with its own schema', async (t) => {
      for (const compileSchemas of ['lazy', 'eager'] as const) {
        const app = perTypeApp(fastifyLine, compileSchemas)
        t.after(() => app.close())
        const json = (payload: object) =>
          app.inject({
            method: 'POST',
            url: '/',
            payload,
            headers: { 'content-type': 'application/json' },
          })
        const good = await json({ name: 'michelangelo', work: 'sculptor' })
        assert.equal(good.statusCode, 200)
        const bad = await json({ name: 'michelangelo' })
        assert.equal(bad.statusCode, 400)
        assert.equal(bad.json().message, "body should have required property 'work'")
        const text = (payload: string) =>
          app.inject({
            method: 'POST',
            url: '/',
            payload,
            headers: { 'content-type': 'text/plain' },
          })
        assert.deepEqual((await text('abc')).json(), { body: 'abc' })
        assert.equal(
          (await text('abcdefgh')).json().message,
          'body should NOT have more than 5 characters',
        )
        const bytes = await app.inject({
          method: 'POST',
          url: '/',
          payload: Buffer.from('AAAAAAAA'),
          headers: { 'content-type': 'application/octet-stream' },
        })
        assert.deepEqual(bytes.json(), { body: 'buffer' })
      }
    })

    test('the media type is matched without its parameters, spaces and case', async (t) => {
      const app = perTypeApp(fastifyLine)
      t.after(() => app.close())
      for (const type of [
        'application/json; charset=utf-8',
        'application/json\t; charset=utf-8',
        'ApPlIcAtIoN/JsOn;',
        ' application/json',
      ]) {
        const invalid = await app.inject({
          method: 'POST',
          url: '/',
          payload: JSON.stringify({ invalid: 'x' }),
          headers: { 'content-type': type },
        })
        assert.equal(invalid.statusCode, 400, type)
        assert.equal(invalid.json().code, 'FST_ERR_VALIDATION', type)
      }
    })

    test('a body of a media type without a schema is refused with 415, never let through', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      let ran = 0
      app.post(
        '/',
        { schema: { body: { content: { 'application/json': { schema: artist } } } } },
        async (request) => {
          ran++
          return { body: request.body ?? null }
        },
      )
      const text = await app.inject({
        method: 'POST',
        url: '/',
        payload: 'AAAAAAAA',
        headers: { 'content-type': 'text/plain' },
      })
      assert.equal(text.statusCode, 415)
      assert.equal(text.json().code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      assert.equal(ran, 0)
      // a request without a body has no media type to choose by, and nothing to validate
      const empty = await app.inject({ method: 'POST', url: '/' })
      assert.equal(empty.statusCode, 200)
      assert.deepEqual(empty.json(), { body: null })
    })

    test('a media type without `schema` fails at ready with FST_ERR_SCH_CONTENT_MISSING_SCHEMA', async () => {
      const app = arbor({ fastifyLine })
      app.post('/', { schema: { body: { content: { 'application/json': {} } } } }, async () => 'ok')
      await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FST_ERR_SCH_CONTENT_MISSING_SCHEMA')
        assert.equal(err.message, "Schema is missing for the content type 'application/json'")
        return true
      })
      await app.close()
    })

    test('a validator compiler gets one call per media type, with its contentType', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const calls: Array<Pick<ValidatorCompilerInput, 'httpPart' | 'contentType' | 'schema'>> = []
      app.setValidatorCompiler(({ httpPart, contentType, schema }) => {
        calls.push({ httpPart, contentType, schema })
        return (data) =>
          contentType === 'text/plain' && data !== 'yes' ? { error: new Error('not yes') } : true
      })
      const text = { type: 'string' }
      app.post(
        '/',
        {
          schema: {
            body: {
              content: { 'application/json': { schema: artist }, 'text/plain': { schema: text } },
            },
          },
        },
        async () => 'ok',
      )
      await app.ready()
      assert.deepEqual(calls, [
        { httpPart: 'body', contentType: 'application/json', schema: artist },
        { httpPart: 'body', contentType: 'text/plain', schema: text },
      ])
      const send = (payload: string) =>
        app.inject({ method: 'POST', url: '/', payload, headers: { 'content-type': 'text/plain' } })
      assert.equal((await send('yes')).statusCode, 200)
      assert.equal((await send('no')).statusCode, 400)
    })

    test('a `content` property of a shorthand is not a media-type map (spec "Route schema object")', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      app.post(
        '/',
        { schema: { body: { title: { type: 'string' }, content: { type: 'string' } } } },
        async (request) => request.body,
      )
      const ok = await app.inject({
        method: 'POST',
        url: '/',
        payload: { title: 't', content: 'c' },
      })
      assert.deepEqual(ok.json(), { title: 't', content: 'c' })
      const bad = await app.inject({ method: 'POST', url: '/', payload: { content: { a: 1 } } })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().message, 'body/content should be string')
    })

    test('onRoute and request.routeOptions see body.content as written (for @fastify/swagger)', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const body = { content: { 'application/json': { schema: artist } } }
      let seen: unknown
      app.addHook('onRoute', (routeOptions) => {
        seen = routeOptions.schema?.body
      })
      let inHandler: unknown
      app.post('/', { schema: { body } }, async (request) => {
        inHandler = request.routeOptions.schema?.body
        return 'ok'
      })
      await app.inject({ method: 'POST', url: '/', payload: { name: 'a', work: 'b' } })
      assert.equal(seen, body)
      assert.equal(inHandler, body)
      assert.deepEqual(body, { content: { 'application/json': { schema: artist } } })
    })
  })
}
