// Spec "Response schema keys": exact status code, status class ('2xx'), 'default', `content`
// per media type with `description`, and which key wins (the spec does not say: Fastify 4.25's
// order, exact code > class > default, is what arbor does).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'

type App = ArborInstance

/** A schema that lets through only the one property `key`. */
const only = (key: string) => ({ type: 'object', properties: { [key]: { type: 'string' } } })

// Every handler returns all three; the response shows which schema serialized it.
const all = { exact: 'e', cls: 'c', def: 'd' }

function appWith(response: Record<string, Record<string, unknown>>): App {
  const app = arbor()
  app.get('/r', { schema: { response } }, async (request, reply) => {
    reply.code(Number((request.query as { code: string }).code))
    return all
  })
  return app
}

async function bodyFor(app: App, code: number): Promise<string> {
  const res = await app.inject(`/r?code=${code}`)
  assert.equal(res.statusCode, code)
  return res.body
}

describe('Response schema keys', () => {
  test('Response schema keys: an exact status code selects the schema for that status only', async (t) => {
    const app = appWith({ 201: only('exact') })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 201), '{"exact":"e"}')
    assert.equal(
      await bodyFor(app, 200),
      JSON.stringify(all),
      'no schema for 200: nothing stripped',
    )
  })

  test("Response schema keys: the class form '2xx' serves every status code of that class", async (t) => {
    const app = appWith({ '2xx': only('cls'), '4xx': only('def') })
    t.after(() => app.close())
    for (const code of [200, 201, 202, 299]) assert.equal(await bodyFor(app, code), '{"cls":"c"}')
    assert.equal(await bodyFor(app, 404), '{"def":"d"}')
    assert.equal(await bodyFor(app, 302), JSON.stringify(all), 'no 3xx entry')
  })

  test("Response schema keys: the class form is case-insensitive ('2XX')", async (t) => {
    const app = appWith({ '2XX': only('cls') })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 203), '{"cls":"c"}')
  })

  test("Response schema keys: 'default' is the shared fallback for every other status code", async (t) => {
    const app = appWith({ 200: only('exact'), default: only('def') })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 200), '{"exact":"e"}')
    for (const code of [201, 302, 404, 500]) assert.equal(await bodyFor(app, code), '{"def":"d"}')
  })

  test('Response schema keys: when several keys apply, exact code wins over class, class over default', async (t) => {
    const app = appWith({ default: only('def'), '2xx': only('cls'), 201: only('exact') })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 201), '{"exact":"e"}', 'exact beats class and default')
    assert.equal(await bodyFor(app, 200), '{"cls":"c"}', 'class beats default')
    assert.equal(await bodyFor(app, 400), '{"def":"d"}', 'default only when nothing else applies')
  })

  test('Response schema keys: the order the keys are written in does not matter', async (t) => {
    const app = appWith({ 201: only('exact'), '2xx': only('cls'), default: only('def') })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 201), '{"exact":"e"}')
    assert.equal(await bodyFor(app, 202), '{"cls":"c"}')
    assert.equal(await bodyFor(app, 503), '{"def":"d"}')
  })

  test('Response schema keys: a status code written as a number or as a string is the same key', async (t) => {
    const app = appWith({ '201': only('exact') })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 201), '{"exact":"e"}')
  })

  test('Response schema keys: an entry may carry a description string, which does not change the output', async (t) => {
    const app = appWith({ 200: { description: 'The account', ...only('exact') } })
    t.after(() => app.close())
    assert.equal(await bodyFor(app, 200), '{"exact":"e"}')
  })

  test('Response schema keys: a key that is not a status code, class or default fails at ready()', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/bad', { schema: { response: { '2xxx': only('a') } } }, async () => ({}))
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX')
      assert.match(err.message, /nested under a valid status code/)
      return true
    })
  })

  test('Response schema keys: an error reply uses the schema of its status (a validation 400 through a 4xx schema)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/q',
      {
        schema: {
          querystring: { type: 'object', required: ['q'] },
          response: {
            '4xx': {
              type: 'object',
              properties: {
                statusCode: { type: 'integer' },
                message: { type: 'string' },
                hint: { type: 'string', default: 'see the docs' },
              },
            },
          },
        },
      },
      async () => ({}),
    )
    const res = await app.inject('/q')
    assert.equal(res.statusCode, 400)
    assert.equal(
      res.body,
      `{"statusCode":400,"message":"querystring should have required property 'q'","hint":"see the docs"}`,
    )
  })
})

describe('Response schema keys: content per media type', () => {
  function contentApp(): App {
    const app = arbor()
    app.get(
      '/doc',
      {
        schema: {
          response: {
            200: {
              description: 'The document, in the version the client asked for',
              content: {
                'application/json': { schema: only('v1') },
                'application/vnd.doc.v2+json': { schema: only('v2') },
              },
            },
            '4xx': {
              content: { 'application/json': { schema: only('problem') } },
            },
          },
        },
      },
      async (request, reply) => {
        const q = request.query as { v2?: string; fail?: string }
        if (q.v2 !== undefined) reply.type('application/vnd.doc.v2+json')
        if (q.fail !== undefined) reply.code(404)
        return { v1: 'one', v2: 'two', problem: 'missing', secret: 's' }
      },
    )
    return app
  }

  test('Response schema keys: content selects the schema by the reply’s media type', async (t) => {
    const app = contentApp()
    t.after(() => app.close())
    const v1 = await app.inject('/doc')
    assert.equal(v1.headers['content-type'], 'application/json; charset=utf-8')
    assert.equal(v1.body, '{"v1":"one"}')
    const v2 = await app.inject('/doc?v2')
    assert.equal(v2.headers['content-type'], 'application/vnd.doc.v2+json; charset=utf-8')
    assert.equal(v2.body, '{"v2":"two"}')
  })

  test('Response schema keys: content works under a class key too', async (t) => {
    const app = contentApp()
    t.after(() => app.close())
    const res = await app.inject('/doc?fail')
    assert.equal(res.statusCode, 404)
    assert.equal(res.body, '{"problem":"missing"}')
  })

  test('Response schema keys: a media type without schema (among several) fails at ready()', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/c',
      {
        schema: {
          response: {
            200: {
              content: {
                'application/json': { description: 'no schema here' },
                'text/csv': { schema: { type: 'string' } },
              },
            },
          },
        },
      },
      async () => ({}),
    )
    await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
      assert.equal(err.code, 'FST_ERR_SCH_CONTENT_MISSING_SCHEMA')
      assert.match(err.message, /application\/json/)
      return true
    })
  })
})
