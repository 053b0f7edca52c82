// Spec "Encapsulation rules" applied to addContentTypeParser: a parser added in a context
// parses bodies for the routes of that context and its descendants only.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fp from 'fastify-plugin'
import arbor, { type ArborInstance, type ArborRequest, plugin } from '../../src/index.ts'

type App = ArborInstance

// fastify-plugin's typings name Fastify's instance type; at runtime it has plugin()'s shape,
// (fn, meta) => fn, which is exactly what these tests compare.
const fastifyPlugin = fp as unknown as typeof plugin

const csvParser = (tag: string) => (_request: unknown, body: string | Buffer) =>
  Promise.resolve({ parsedBy: tag, cells: String(body).split(',') })

const echo = (instance: App, url: string) =>
  instance.post(url, async (request) => ({ body: request.body }))

// root ─┬─ child(text/csv "child") ── grandchild ── greatGrandchild(text/csv "great")
//       └─ sibling
function buildTree(): App {
  const app = arbor()
  echo(app, '/root')
  app.register(async (c: App) => {
    c.addContentTypeParser('text/csv', { parseAs: 'string' }, csvParser('child'))
    echo(c, '/child')
    c.register(async (g: App) => {
      echo(g, '/grandchild')
      g.register(async (gg: App) => {
        // An inherited parser must be removed before a descendant replaces it.
        gg.removeContentTypeParser('text/csv')
        gg.addContentTypeParser('text/csv', { parseAs: 'string' }, csvParser('great'))
        echo(gg, '/greatGrandchild')
      })
    })
  })
  app.register(async (s: App) => echo(s, '/sibling'))
  return app
}

const postCsv = (app: App, url: string) =>
  app.inject({ method: 'POST', url, payload: 'a,b', headers: { 'content-type': 'text/csv' } })

async function parsedBy(app: App, url: string): Promise<unknown> {
  const res = await postCsv(app, url)
  assert.equal(res.statusCode, 200, url)
  const { body } = res.json() as { body: { parsedBy: unknown; cells: unknown } }
  assert.deepEqual(body.cells, ['a', 'b'])
  return body.parsedBy
}

async function assertUnsupported(app: App, url: string): Promise<void> {
  const res = await postCsv(app, url)
  assert.equal(res.statusCode, 415, url)
  const body = res.json() as { statusCode: number; code: string; error: string }
  assert.equal(body.statusCode, 415)
  assert.equal(body.code, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
  assert.equal(body.error, 'Unsupported Media Type')
}

describe('Encapsulation rules: content-type parsers', () => {
  test('Encapsulation rules 1: parsers can be added at any depth, and the deepest applicable one wins', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assert.equal(await parsedBy(app, '/child'), 'child')
    assert.equal(await parsedBy(app, '/greatGrandchild'), 'great')
  })

  test('Encapsulation rules 2: a child’s parser serves its grandchild', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    assert.equal(await parsedBy(app, '/grandchild'), 'child')
  })

  test('Encapsulation rules 3: the parent answers 415 for a type only its child can parse', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    await assertUnsupported(app, '/root')
    assert.equal(app.hasContentTypeParser('text/csv'), false)
    assert.equal(app.hasContentTypeParser('application/json'), true)
  })

  test('Encapsulation rules 4: a sibling answers 415 for a type only the other branch can parse', async (t) => {
    const app = buildTree()
    t.after(() => app.close())
    await assertUnsupported(app, '/sibling')
  })

  test('Encapsulation rules 3: a child replacing the JSON parser leaves the parent’s JSON parsing intact', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    echo(app, '/root')
    app.register(async (c: App) => {
      c.removeContentTypeParser('application/json')
      c.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        (_request: ArborRequest, body: string | Buffer) => Promise.resolve({ raw: String(body) }),
      )
      echo(c, '/child')
    })
    const payload = '{"a":1}'
    const headers = { 'content-type': 'application/json' }
    const root = await app.inject({ method: 'POST', url: '/root', payload, headers })
    assert.deepEqual(root.json(), { body: { a: 1 } })
    const child = await app.inject({ method: 'POST', url: '/child', payload, headers })
    assert.deepEqual(child.json(), { body: { raw: '{"a":1}' } })
  })

  test('addContentTypeParser: re-adding an inherited type without removing it first fails with FST_ERR_CTP_ALREADY_PRESENT', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, csvParser('root'))
    let thrown: unknown
    app.register(async (c: App) => {
      try {
        c.addContentTypeParser('text/csv', { parseAs: 'string' }, csvParser('child'))
      } catch (err) {
        thrown = err
      }
    })
    await app.ready()
    assert.equal((thrown as { code?: unknown }).code, 'FST_ERR_CTP_ALREADY_PRESENT')
  })

  for (const [label, wrap] of [
    ['arbor plugin()', plugin],
    ['fastify-plugin', fastifyPlugin],
  ] as const) {
    test(`Encapsulation rules 6: a parser added in a plugin wrapped with ${label} serves the parent’s routes`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (c: App) => {
        c.register(
          wrap(async (w: App) => {
            w.addContentTypeParser('text/csv', { parseAs: 'string' }, csvParser('wrapped'))
          }),
        )
        echo(c, '/child')
      })
      echo(app, '/root')
      assert.equal(await parsedBy(app, '/child'), 'wrapped')
      await assertUnsupported(app, '/root')
    })
  }
})
