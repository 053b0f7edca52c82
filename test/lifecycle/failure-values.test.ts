import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor from '../../src/index.ts'

// Fastify passes whatever was thrown or rejected to the error handlers as it is.

describe('values that are not Errors, thrown or rejected by a handler', () => {
  const values: Array<[string, unknown]> = [
    ['a string', 'abc'],
    ['an empty string', ''],
    ['zero', 0],
    ['a number', 123],
    ['a plain object', { myError: 'kaboom' }],
    ['an array', []],
    ['a date', new Date(0)],
    ['null', null],
    ['undefined', undefined],
  ]
  for (const [label, value] of values) {
    test(`setErrorHandler receives ${label} as it is, from a rejection and from a sync throw`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      const received: unknown[] = []
      app.setErrorHandler((error, _request, reply) => {
        received.push(error)
        reply.code(500).send('handled')
      })
      app.get('/rejects', () => Promise.reject(value))
      app.get('/throws', () => {
        throw value
      })
      for (const url of ['/rejects', '/throws']) {
        const res = await app.inject(url)
        assert.equal(res.statusCode, 500)
        assert.equal(res.body, 'handled')
      }
      assert.equal(received.length, 2)
      for (const error of received) assert.equal(error, value)
    })
  }

  test('the default handler sends a thrown plain object as the 500 payload', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', () => {
      throw { myError: 'kaboom', message: 'i am an error' }
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(res.json(), { myError: 'kaboom', message: 'i am an error' })
  })

  test('the default handler takes the status of a thrown object, or keeps the one the handler set', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/teapot', async () => {
      throw { foo: 'bar', statusCode: 418 }
    })
    app.get('/set', (_request, reply) => {
      reply.code(501)
      throw { foo: 'bar' }
    })
    const teapot = await app.inject('/teapot')
    assert.equal(teapot.statusCode, 418)
    assert.deepEqual(teapot.json(), { foo: 'bar', statusCode: 418 })
    const set = await app.inject('/set')
    assert.equal(set.statusCode, 501)
    assert.deepEqual(set.json(), { foo: 'bar' })
  })

  test('the default handler sends a thrown string as text, with 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', async () => {
      throw 'this is an error'
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8')
    assert.equal(res.body, 'this is an error')
  })

  test('undefined thrown by a sync handler still gets a 500', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', () => {
      throw undefined
    })
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.json().code, 'FST_ERR_SEND_UNDEFINED_ERR')
  })

  test('an error status on the error wins over the one the handler set, as in Fastify', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/', (_request, reply) => {
      reply.code(401)
      throw Object.assign(new Error('teapot'), { statusCode: 418 })
    })
    app.get('/low', (_request, reply) => {
      reply.code(401)
      throw Object.assign(new Error('redirect?'), { statusCode: 302 })
    })
    assert.equal((await app.inject('/')).statusCode, 418)
    assert.equal((await app.inject('/low')).statusCode, 401)
  })
})

describe('values that are not Errors, from hooks', () => {
  for (const hook of ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const) {
    test(`${hook}: a thrown plain object reaches setErrorHandler as it is, and the default handler sends it`, async (t) => {
      const myError = { myError: 'kaboom' }
      const handled = arbor()
      const plain = arbor()
      t.after(() => Promise.all([handled.close(), plain.close()]))
      let received: unknown
      handled.setErrorHandler(async (error, _request, reply) => {
        received = error
        return reply.code(500).send({ this: 'is', my: 'error' })
      })
      const options = {
        [hook]: async () => {
          throw myError
        },
      }
      handled.get('/', options, () => assert.fail('the handler must not run'))
      plain.get('/', options, () => assert.fail('the handler must not run'))
      const res = await handled.inject('/')
      assert.equal(received, myError)
      assert.deepEqual(res.json(), { this: 'is', my: 'error' })
      const byDefault = await plain.inject('/')
      assert.equal(byDefault.statusCode, 500)
      assert.deepEqual(byDefault.json(), myError)
    })
  }

  test('done("a string") and a rejected string fail the hook with that string', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/done',
      { preHandler: (_request, _reply, done) => done('from done' as never) },
      () => 'no',
    )
    app.get(
      '/rejects',
      {
        preValidation: async () => {
          throw 'this is an error'
        },
      },
      () => 'no',
    )
    const done = await app.inject('/done')
    assert.equal(done.statusCode, 500)
    assert.equal(done.body, 'from done')
    const rejects = await app.inject('/rejects')
    assert.equal(rejects.statusCode, 500)
    assert.equal(rejects.body, 'this is an error')
  })

  test('whatever a hook throws synchronously fails the chain, even 0 or an empty string', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const received: unknown[] = []
    app.setErrorHandler((error, _request, reply) => {
      received.push(error)
      reply.code(500).send('handled')
    })
    for (const [url, value] of [
      ['/zero', 0],
      ['/empty', ''],
    ] as const) {
      app.get(
        url,
        {
          onRequest: () => {
            throw value
          },
        },
        () => assert.fail('the handler must not run'),
      )
    }
    assert.equal((await app.inject('/zero')).body, 'handled')
    assert.equal((await app.inject('/empty')).body, 'handled')
    assert.deepEqual(received, [0, ''])
  })

  test('a hook rejecting with undefined fails with FST_ERR_SEND_UNDEFINED_ERR', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/',
      {
        preHandler: async () => {
          throw undefined
        },
      },
      () => 'no',
    )
    const res = await app.inject('/')
    assert.equal(res.statusCode, 500)
    assert.equal(res.json().code, 'FST_ERR_SEND_UNDEFINED_ERR')
  })
})

describe('error handlers that fail with values that are not Errors', () => {
  test('a string thrown by an error handler goes to the next handler up as it is', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    const received: unknown[] = []
    app.setErrorHandler((error, _request, reply) => {
      received.push(error)
      reply.code(503).send({ outer: true })
    })
    app.register(async (child) => {
      child.setErrorHandler(() => {
        throw 'inner failure'
      })
      child.get('/', async () => {
        throw new Error('first')
      })
    })
    const res = await app.inject('/')
    assert.deepEqual(received, ['inner failure'])
    assert.equal(res.statusCode, 503)
    assert.deepEqual(res.json(), { outer: true })
  })
})
