// A plugin function may return the instance it decorated (docs/typescript.md: that is how a
// plugin()-wrapped plugin's decorators reach the parent's type). The returned instance is
// thenable while loading; returning it must neither hang the loader nor change what loads.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor, { plugin } from '../../src/index.ts'

test('plugin(async (app) => app.decorate(...)): loads, and its decorators reach the parent', async (t) => {
  const app = arbor({ pluginTimeout: 2000 })
  t.after(() => app.close())
  const db = plugin(async (instance) =>
    instance.decorate('db', { name: 'main' }).decorateRequest('session', 'none'),
  )
  const withDb = app.register(db)
  withDb.get('/', async function (request) {
    return { db: this.db.name, session: request.session }
  })
  await app.ready()
  assert.equal(withDb.db.name, 'main')
  const res = await app.inject('/')
  assert.deepEqual(res.json(), { db: 'main', session: 'none' })
})

test('plugin((app, opts, done) => { done(); return app.decorate(...) }): loads once', async (t) => {
  const app = arbor({ pluginTimeout: 2000 })
  t.after(() => app.close())
  let loads = 0
  const counter = plugin((instance, _opts, done) => {
    loads++
    done()
    return instance.decorate('counter', 1)
  })
  app.register(counter)
  await app.ready()
  assert.equal(loads, 1)
  assert.equal(app.hasDecorator('counter'), true)
})

test('register(async (child) => child.decorate(...)): an encapsulated plugin returning its instance loads, its decorator stays in the child', async (t) => {
  const app = arbor({ pluginTimeout: 2000 })
  t.after(() => app.close())
  let nestedLoaded = false
  app.register(async (child) =>
    child.decorate('own', 1).register(async () => {
      nestedLoaded = true
    }),
  )
  await app.ready()
  assert.equal(nestedLoaded, true, 'a plugin registered on the returned chain still loads')
  assert.equal(app.hasDecorator('own'), false)
})
