// Standard Schema v1 objects (zod 4, valibot 1, arktype 2) as request-part schemas, in both
// Fastify lines: validated by their library, output handed to the handler, failures as the
// spec's 400 (docs/validation.md "Standard Schema").
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type } from 'arktype'
import * as v from 'valibot'
import * as z from 'zod'
import { lines } from '../ecosystem-v5/lines.ts'
import { badRequest } from '../helpers/validation-error.ts'

for (const line of lines) {
  describe(`Standard Schema request parts (${line.name})`, () => {
    test('zod: coercion, defaults and transforms reach the handler, in every part', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.post(
        '/users/:id',
        {
          schema: {
            params: z.object({ id: z.coerce.number().int() }),
            querystring: z.object({ page: z.coerce.number().default(1) }),
            headers: z.object({ 'x-tag': z.string().transform((s) => s.toUpperCase()) }),
            body: z.object({ name: z.string().trim(), role: z.enum(['a', 'b']).default('a') }),
          },
        },
        async (request) => ({
          params: request.params,
          query: request.query,
          tag: request.headers['x-tag'],
          // headers the schema does not name stay
          contentType: request.headers['content-type'],
          body: request.body,
        }),
      )
      const res = await app.inject({
        method: 'POST',
        url: '/users/7',
        headers: { 'x-tag': 'blue' },
        payload: { name: '  Ada ' },
      })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), {
        params: { id: 7 },
        query: { page: 1 },
        tag: 'BLUE',
        contentType: 'application/json',
        body: { name: 'Ada', role: 'a' },
      })
    })

    test('zod: a failure is the 400 of the spec, with Ajv-shaped issues', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.setErrorHandler((error, _request, reply) => {
        const e = error as Error & { validation?: unknown; validationContext?: string }
        reply.code(400).send({ message: e.message, context: e.validationContext, v: e.validation })
      })
      app.post('/e', { schema: { body: z.object({ name: z.string() }) } }, async () => 'ok')
      app.post('/plain', { schema: { body: z.object({ name: z.string() }) } }, async () => 'ok')
      const res = await app.inject({ method: 'POST', url: '/e', payload: { name: 5 } })
      const body = res.json()
      assert.equal(body.message, 'body/name Invalid input: expected string, received number')
      assert.equal(body.context, 'body')
      assert.equal(body.v.length, 1)
      assert.equal(body.v[0].instancePath, '/name')
      assert.equal(body.v[0].keyword, 'invalid_type')
      assert.equal(body.v[0].message, 'Invalid input: expected string, received number')
      assert.deepEqual(body.v[0].params.issue.path, ['name'])
    })

    test('the default error handler answers the spec payload, per part context', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.get(
        '/q',
        { schema: { querystring: z.object({ n: z.coerce.number() }) } },
        async () => 'ok',
      )
      const res = await app.inject({ method: 'GET', url: '/q?n=abc' })
      assert.equal(res.statusCode, 400)
      assert.deepEqual(
        res.json(),
        badRequest('querystring/n Invalid input: expected number, received NaN'),
      )
    })

    test('valibot: transforms apply, failures are 400', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.post(
        '/v/:id',
        {
          schema: {
            params: v.object({ id: v.pipe(v.string(), v.transform(Number)) }),
            body: v.object({ title: v.pipe(v.string(), v.trim(), v.minLength(1)) }),
          },
        },
        async (request) => ({ id: request.params.id, title: request.body.title }),
      )
      const ok = await app.inject({ method: 'POST', url: '/v/3', payload: { title: ' x ' } })
      assert.deepEqual(ok.json(), { id: 3, title: 'x' })
      const bad = await app.inject({ method: 'POST', url: '/v/3', payload: { title: 2 } })
      assert.equal(bad.statusCode, 400)
      assert.deepEqual(
        bad.json(),
        badRequest('body/title Invalid type: Expected string but received 2'),
      )
    })

    test('arktype: morphs apply, failures are 400', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.post(
        '/a',
        { schema: { body: type({ name: 'string', count: 'string.numeric.parse' }) } },
        async (request) => request.body,
      )
      const ok = await app.inject({ method: 'POST', url: '/a', payload: { name: 'n', count: '4' } })
      assert.deepEqual(ok.json(), { name: 'n', count: 4 })
      const bad = await app.inject({ method: 'POST', url: '/a', payload: { count: '4' } })
      assert.equal(bad.statusCode, 400)
      assert.equal(bad.json().code, 'FST_ERR_VALIDATION')
      assert.match(bad.json().message, /^body\/name /)
    })

    test('an asynchronous refinement is awaited', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      const body = z.object({ n: z.number() }).refine(async (o) => o.n > 1, 'n is too small')
      app.post('/async', { schema: { body } }, async (request) => request.body)
      const bad = await app.inject({ method: 'POST', url: '/async', payload: { n: 1 } })
      assert.deepEqual(bad.json(), badRequest('body n is too small'))
      const ok = await app.inject({ method: 'POST', url: '/async', payload: { n: 2 } })
      assert.deepEqual(ok.json(), { n: 2 })
    })

    test('attachValidation: the handler runs with the error attached', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.post(
        '/attach',
        { attachValidation: true, schema: { body: z.object({ name: z.string() }) } },
        async (request) => ({
          message: request.validationError?.message,
          context: request.validationError?.validationContext,
        }),
      )
      const res = await app.inject({ method: 'POST', url: '/attach', payload: {} })
      assert.equal(res.statusCode, 200)
      assert.deepEqual(res.json(), {
        message: 'body/name Invalid input: expected string, received undefined',
        context: 'body',
      })
    })

    test('schemaErrorFormatter gets the Ajv-shaped issues and the part', async (t) => {
      const app = line.app({
        schemaErrorFormatter: (errors, dataVar) =>
          new Error(
            `${dataVar}: ${errors.map((e) => `${e.instancePath} ${e.keyword}`).join('; ')}`,
          ),
      })
      t.after(() => app.close())
      app.post(
        '/f',
        { schema: { body: z.object({ a: z.string(), b: z.number() }) } },
        async () => 'ok',
      )
      const res = await app.inject({ method: 'POST', url: '/f', payload: {} })
      assert.equal(res.statusCode, 400)
      assert.equal(res.json().message, 'body: /a invalid_type; /b invalid_type')
    })

    test('JSON Schema and Standard Schema parts side by side on one route', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      app.post(
        '/mixed',
        {
          schema: {
            querystring: { type: 'object', properties: { n: { type: 'integer' } } },
            body: z.object({ s: z.string().transform((x) => x.length) }),
          },
        },
        async (request) => ({ query: request.query, body: request.body }),
      )
      const res = await app.inject({ method: 'POST', url: '/mixed?n=2', payload: { s: 'abc' } })
      assert.deepEqual(res.json(), { query: { n: 2 }, body: { s: 3 } })
      const bad = await app.inject({ method: 'POST', url: '/mixed?n=x', payload: { s: 'abc' } })
      assert.deepEqual(bad.json(), badRequest('querystring/n should be integer'))
    })

    test('a user validator compiler gets the Standard Schema as written', async (t) => {
      const app = line.app()
      t.after(() => app.close())
      const body = z.object({ a: z.string() })
      const seen: unknown[] = []
      app.setValidatorCompiler(({ schema }) => {
        seen.push(schema)
        return () => true
      })
      app.post('/own', { schema: { body } }, async () => 'ok')
      await app.ready()
      assert.equal(seen[0], body)
    })
  })
}
