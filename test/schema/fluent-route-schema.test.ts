// fluent-json-schema builders in a route's schema (arbor issue 39): as in Fastify 4.25 and 5,
// the route's own schema object holds each builder's JSON Schema once the app is ready, so an
// onRoute hook that kept `routeOptions.schema` (@fastify/swagger does) reads JSON Schema, and
// `request.routeOptions.schema` too. onRoute itself still sees the builder, as in Fastify,
// where the replacement happens when the route is built at ready.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type RouteOptions } from '../../src/index.ts'

/** What fluent-json-schema's builders look like to a framework: a mark and `valueOf()`. */
function fluent(schema: Record<string, unknown>): object {
  return { isFluentSchema: true, valueOf: () => schema, prop: () => {} }
}

const body = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } }
const query = { type: 'object', properties: { q: { type: 'string' } } }
const params = { type: 'object', properties: { id: { type: 'integer' } } }
const headers = { type: 'object', properties: { 'x-a': { type: 'string' } } }
const reply200 = { type: 'object', properties: { n: { type: 'integer' } } }

for (const fastifyLine of [4, 5] as const) {
  describe(`fluent-json-schema in a route schema (Fastify ${fastifyLine} line)`, () => {
    test('after ready, the schema onRoute kept holds JSON Schema for every part and response', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const seen: Array<{ schema: RouteOptions['schema']; bodyWasBuilder: boolean }> = []
      app.addHook('onRoute', (routeOptions) => {
        const schema = routeOptions.schema
        seen.push({
          schema,
          bodyWasBuilder: (schema?.body as { isFluentSchema?: boolean })?.isFluentSchema === true,
        })
      })
      app.post(
        '/:id',
        {
          schema: {
            body: fluent(body),
            querystring: fluent(query),
            params: fluent(params),
            headers: fluent(headers),
            response: { 200: fluent(reply200), '4xx': { type: 'object' } },
          },
        },
        async (request) => ({ n: (request.body as { n: number }).n, extra: 1 }),
      )
      await app.ready()
      assert.equal(seen.length, 1)
      // onRoute ran before the route was built: it saw the builder, as in Fastify
      assert.equal(seen[0]!.bodyWasBuilder, true)
      const schema = seen[0]!.schema!
      assert.deepEqual(schema.body, body)
      assert.deepEqual(schema.querystring, query)
      assert.deepEqual(schema.params, params)
      assert.deepEqual(schema.headers, headers)
      assert.deepEqual(schema.response, { 200: reply200, '4xx': { type: 'object' } })
      // and the route validates and serializes with them
      const ok = await app.inject({ method: 'POST', url: '/7', payload: { n: '3' } })
      assert.deepEqual(ok.json(), { n: 3 })
      const bad = await app.inject({ method: 'POST', url: '/x', payload: { n: 1 } })
      assert.equal(bad.statusCode, 400)
    })

    test('request.routeOptions.schema and the schema object passed in hold JSON Schema', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const schema = { querystring: fluent(query), response: { 200: fluent(reply200) } }
      let inHandler: RouteOptions['schema']
      app.get('/', { schema }, async (request) => {
        inHandler = request.routeOptions.schema
        return { n: 1, extra: true }
      })
      const res = await app.inject('/')
      assert.equal(res.body, '{"n":1}')
      assert.deepEqual(inHandler?.querystring, query)
      assert.deepEqual(
        (inHandler?.response as Record<string, unknown> | undefined)?.[200],
        reply200,
      )
      assert.deepEqual(schema.querystring, query)
      assert.deepEqual(schema.response[200], reply200)
    })

    test('a builder given as `query` is replaced too; a `content` media schema stays as written', async (t) => {
      const app = arbor({ fastifyLine })
      t.after(() => app.close())
      const media = fluent(reply200)
      let kept: RouteOptions['schema']
      app.addHook('onRoute', (routeOptions) => {
        kept = routeOptions.schema
      })
      app.get(
        '/',
        {
          schema: {
            query: fluent(query),
            response: { 200: { content: { 'application/json': { schema: media } } } },
          },
        },
        async () => ({ n: 2, extra: true }),
      )
      const res = await app.inject('/?q=a')
      assert.equal(res.body, '{"n":2}')
      assert.deepEqual(kept?.querystring, query)
      // Fastify turns only whole status entries into JSON; arbor compiles this one's JSON
      const response = kept?.response as Record<string, { content: Record<string, unknown> }>
      assert.equal(
        (response[200]!.content['application/json'] as { schema: unknown }).schema,
        media,
      )
    })
  })
}
