// inject() around the application's life, as Fastify 4.25's: before ready, once started,
// when the application fails to load, and once closing.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'

type Done = (err?: Error) => void

describe('inject() and the application’s life', () => {
  test('inject after close() has begun rejects with FST_ERR_REOPENED_CLOSE_SERVER', async () => {
    const app = arbor()
    app.get('/', async () => 'ok')
    assert.equal((await app.inject('/')).statusCode, 200)
    const closing = app.close()
    await new Promise((resolve) => process.nextTick(resolve))
    await assert.rejects(app.inject('/'), { code: 'FST_ERR_REOPENED_CLOSE_SERVER' })
    await closing
  })

  test('inject(options, callback) after close() calls back with FST_ERR_REOPENED_CLOSE_SERVER', async () => {
    const app = arbor()
    app.get('/', async () => 'ok')
    await app.ready()
    await app.close()
    const err = await new Promise<Error & { code?: string }>((resolve) =>
      app.inject('/', (e) => resolve(e as Error)),
    )
    assert.equal(err.code, 'FST_ERR_REOPENED_CLOSE_SERVER')
  })

  test('a chained inject on an application that fails to load rejects with the load error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register((_i: ArborInstance, _o: unknown, done: Done) => done(new Error('Kaboom')))
    await assert.rejects(async () => {
      await app.inject().get('/').end()
    }, /Kaboom/)
  })

  test('inject(options, callback) on an application that fails to load calls back with the very error', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const error = new Error('kaboom')
    app.register(async () => {
      throw error
    })
    const err = await new Promise((resolve) => app.inject('/', resolve))
    assert.equal(err, error)
  })

  test('once started, inject(options, callback) with invalid options throws at once', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.ready()
    assert.throws(() => app.inject({ method: 'UNKNOWN_METHOD' as 'GET', url: '/' }, () => {}))
  })

  test('a chained inject before ready() waits for the application to load', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (child: ArborInstance) => {
      await new Promise((resolve) => setImmediate(resolve))
      child.get('/late', async () => ({ late: true }))
    })
    const res = await app.inject().get('/late').end()
    assert.deepEqual(res.json(), { late: true })
  })
})
