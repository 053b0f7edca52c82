// Spec "Behaviour of the three-context scenario", without the authentication part (the
// bearer-auth tests cover /one's credentials): the keys of /two and /three, in both variants.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance, type ArborRequest, plugin } from '../../src/index.ts'

type App = ArborInstance
type Plugin = (instance: App) => Promise<void>

const read = (target: object, key: string): unknown => (target as Record<string, unknown>)[key]

const answerOf = (request: object) => ({
  answer: read(request, 'answer'),
  foo: read(request, 'foo'),
  bar: read(request, 'bar'),
})

function buildScenario(wrapGrandchild: boolean): App {
  const app = arbor()
  app.decorateRequest('answer', 42)

  // The authenticated child: here without its auth plugin, only its visibility matters.
  app.register(async function authenticatedChild(child: App) {
    child.get('/one', async (request: ArborRequest) => answerOf(request))
  })

  app.register(async function publicChild(child: App) {
    child.decorateRequest('foo', 'foo')
    const grandchild: Plugin = async function grandchild(g) {
      g.decorateRequest('bar', 'bar')
      g.get('/three', async (request) => answerOf(request))
    }
    child.register(wrapGrandchild ? plugin(grandchild) : grandchild)
    child.get('/two', async (request: ArborRequest) => answerOf(request))
  })
  return app
}

async function keysOf(app: App, url: string): Promise<string[]> {
  const res = await app.inject(url)
  assert.equal(res.statusCode, 200, url)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  return Object.keys(res.json() as object)
}

describe('Behaviour of the three-context scenario', () => {
  test('Behaviour of the three-context scenario: without the wrapper /two has answer and foo', async (t) => {
    const app = buildScenario(false)
    t.after(() => app.close())
    assert.deepEqual(await keysOf(app, '/two'), ['answer', 'foo'])
    assert.deepEqual((await app.inject('/two')).json(), { answer: 42, foo: 'foo' })
  })

  test('Behaviour of the three-context scenario: without the wrapper /three has answer, foo and bar', async (t) => {
    const app = buildScenario(false)
    t.after(() => app.close())
    assert.deepEqual(await keysOf(app, '/three'), ['answer', 'foo', 'bar'])
    assert.deepEqual((await app.inject('/three')).json(), { answer: 42, foo: 'foo', bar: 'bar' })
  })

  test('Behaviour of the three-context scenario: with the grandchild wrapped /two has answer, foo and bar', async (t) => {
    const app = buildScenario(true)
    t.after(() => app.close())
    assert.deepEqual(await keysOf(app, '/two'), ['answer', 'foo', 'bar'])
    assert.deepEqual((await app.inject('/two')).json(), { answer: 42, foo: 'foo', bar: 'bar' })
  })

  test('Behaviour of the three-context scenario: with the grandchild wrapped /three is unchanged', async (t) => {
    const app = buildScenario(true)
    t.after(() => app.close())
    assert.deepEqual(await keysOf(app, '/three'), ['answer', 'foo', 'bar'])
  })

  test('Behaviour of the three-context scenario: answer is a number from the root in every route', async (t) => {
    for (const wrapped of [false, true]) {
      const app = buildScenario(wrapped)
      t.after(() => app.close())
      for (const url of ['/two', '/three']) {
        const body = (await app.inject(url)).json() as { answer: unknown }
        assert.equal(body.answer, 42)
      }
    }
  })

  test('Behaviour of the three-context scenario: the authenticated child sees neither foo nor bar, wrapped or not', async (t) => {
    for (const wrapped of [false, true]) {
      const app = buildScenario(wrapped)
      t.after(() => app.close())
      assert.deepEqual(await keysOf(app, '/one'), ['answer'])
    }
  })

  test('Behaviour of the three-context scenario: over real HTTP the keys match the table', async (t) => {
    const app = buildScenario(false)
    t.after(() => app.close())
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    assert.ok(address && typeof address === 'object')
    const base = `http://127.0.0.1:${address.port}`
    const two = await fetch(`${base}/two`)
    assert.equal(two.status, 200)
    assert.deepEqual(await two.json(), { answer: 42, foo: 'foo' })
    const three = await fetch(`${base}/three`)
    assert.equal(three.status, 200)
    assert.deepEqual(await three.json(), { answer: 42, foo: 'foo', bar: 'bar' })
  })
})
