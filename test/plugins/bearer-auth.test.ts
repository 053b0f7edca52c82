// Spec "Authentication" 1–4: the bearer-token plugin protects the context it is registered
// in and that context's descendants, nothing else; and the 401/500 replies it sends.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborInstance } from '../../src/index.ts'
import { type BearerAuthOptions, bearerAuth } from '../../src/plugins/bearer-auth/index.ts'

type App = ReturnType<typeof arbor>

const KEY = 'k3y-Of-The-Test'
const OTHER_KEY = 'a-second-accepted-key'

const unauthorized = (message: string) => ({ statusCode: 401, error: 'Unauthorized', message })
const MISSING = unauthorized('missing authorization header')
const INVALID = unauthorized('invalid authorization header')
const SERVER_FAULT = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'internal server error',
}

// root (GET /root) ─┬─ protected (bearerAuth, GET /protected) ── nested (GET /nested)
//                   └─ sibling (GET /sibling)
function buildTree(options: BearerAuthOptions): App {
  const app = arbor()
  app.get('/root', async () => ({ route: 'root' }))
  app.register(async (protectedContext: ArborInstance) => {
    await protectedContext.register(bearerAuth, options)
    protectedContext.get('/protected', async () => ({ route: 'protected' }))
    protectedContext.register(async (nested: ArborInstance) => {
      nested.get('/nested', async () => ({ route: 'nested' }))
    })
  })
  app.register(async (sibling: ArborInstance) => {
    sibling.get('/sibling', async () => ({ route: 'sibling' }))
  })
  return app
}

async function get(app: App, url: string, authorization?: string) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: authorization === undefined ? {} : { authorization },
  })
  return {
    status: res.statusCode,
    body: res.json() as unknown,
    challenge: res.headers['www-authenticate'],
    contentType: res.headers['content-type'],
  }
}

describe('bearer auth: what it protects', () => {
  test('Authentication 1: routes in the registering context and its descendants need a token', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    for (const url of ['/protected', '/nested']) {
      assert.deepEqual(await get(app, url), {
        status: 401,
        body: MISSING,
        challenge: 'Bearer',
        contentType: 'application/json; charset=utf-8',
      })
    }
  })

  test('Authentication 4: routes in the parent and in a sibling context need no credentials', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    assert.deepEqual(await get(app, '/root'), {
      status: 200,
      body: { route: 'root' },
      challenge: undefined,
      contentType: 'application/json; charset=utf-8',
    })
    const sibling = await get(app, '/sibling')
    assert.equal(sibling.status, 200)
    assert.deepEqual(sibling.body, { route: 'sibling' })
  })

  test('Authentication 4: a wrong token sent to an unprotected route is ignored', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    const res = await get(app, '/sibling', 'Bearer not-the-key')
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, { route: 'sibling' })
  })

  test('Authentication 3: `authorization: Bearer <API_KEY>` opens the protected routes', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    assert.deepEqual(await get(app, '/protected', `Bearer ${KEY}`), {
      status: 200,
      body: { route: 'protected' },
      challenge: undefined,
      contentType: 'application/json; charset=utf-8',
    })
    const nested = await get(app, '/nested', `Bearer ${KEY}`)
    assert.equal(nested.status, 200)
    assert.deepEqual(nested.body, { route: 'nested' })
  })

  test('Authentication 1: registered in the root context it protects every route', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    await app.register(bearerAuth, { keys: [KEY] })
    app.get('/a', async () => ({ ok: true }))
    app.register(async (child: ArborInstance) => {
      child.get('/b', async () => ({ ok: true }))
    })
    for (const url of ['/a', '/b']) {
      assert.equal((await get(app, url)).status, 401)
      assert.equal((await get(app, url, `Bearer ${KEY}`)).status, 200)
    }
  })

  test('Authentication 1: two contexts with their own keys accept only their own key', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.register(async (a: ArborInstance) => {
      await a.register(bearerAuth, { keys: ['key-a'] })
      a.get('/a', async () => ({ ok: 'a' }))
    })
    app.register(async (b: ArborInstance) => {
      await b.register(bearerAuth, { keys: ['key-b'] })
      b.get('/b', async () => ({ ok: 'b' }))
    })
    assert.equal((await get(app, '/a', 'Bearer key-a')).status, 200)
    assert.equal((await get(app, '/a', 'Bearer key-b')).status, 401)
    assert.equal((await get(app, '/b', 'Bearer key-b')).status, 200)
    assert.equal((await get(app, '/b', 'Bearer key-a')).status, 401)
  })

  test('Authentication 1: an unknown URL under no protection still gets the plain 404', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    const res = await get(app, '/nowhere')
    assert.equal(res.status, 404)
    assert.equal(res.challenge, undefined)
  })
})

describe('bearer auth: keys', () => {
  test('Authentication 2: every key of the array is accepted, and only those', async (t) => {
    const app = buildTree({ keys: [KEY, OTHER_KEY] })
    t.after(() => app.close())
    assert.equal((await get(app, '/protected', `Bearer ${KEY}`)).status, 200)
    assert.equal((await get(app, '/protected', `Bearer ${OTHER_KEY}`)).status, 200)
    assert.equal((await get(app, '/protected', `Bearer ${KEY}${OTHER_KEY}`)).status, 401)
  })

  test('Authentication 2: keys may be a Set', async (t) => {
    const app = buildTree({ keys: new Set([KEY, OTHER_KEY]) })
    t.after(() => app.close())
    assert.equal((await get(app, '/protected', `Bearer ${OTHER_KEY}`)).status, 200)
    assert.equal((await get(app, '/protected', 'Bearer nope')).status, 401)
  })

  test('Authentication 2: a prefix, an extension or a different case of a key is rejected', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    for (const token of [KEY.slice(0, -1), `${KEY}x`, KEY.toUpperCase(), KEY.toLowerCase()]) {
      assert.deepEqual(await get(app, '/protected', `Bearer ${token}`), {
        status: 401,
        body: INVALID,
        challenge: 'Bearer error="invalid_token"',
        contentType: 'application/json; charset=utf-8',
      })
    }
  })

  test('Authentication 3: spaces around the token are ignored', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    assert.equal((await get(app, '/protected', `Bearer   ${KEY}  `)).status, 200)
  })
})

describe('bearer auth: error payloads', () => {
  test('a missing authorization header is 401 "missing authorization header" with a bare challenge', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    assert.deepEqual(await get(app, '/protected'), {
      status: 401,
      body: MISSING,
      challenge: 'Bearer',
      contentType: 'application/json; charset=utf-8',
    })
  })

  test('an empty authorization header counts as missing', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    const res = await get(app, '/protected', '')
    assert.equal(res.status, 401)
    assert.deepEqual(res.body, MISSING)
  })

  test('a wrong scheme is 401 "invalid authorization header" with a bare challenge', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    for (const header of [`Basic ${KEY}`, `Token ${KEY}`, KEY, `Bearer${KEY}`]) {
      assert.deepEqual(await get(app, '/protected', header), {
        status: 401,
        body: INVALID,
        challenge: 'Bearer',
        contentType: 'application/json; charset=utf-8',
      })
    }
  })

  test('the scheme without a token is 401 "invalid authorization header"', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    for (const header of ['Bearer', 'Bearer ', 'Bearer    ']) {
      const res = await get(app, '/protected', header)
      assert.equal(res.status, 401)
      assert.deepEqual(res.body, INVALID)
      assert.equal(res.challenge, 'Bearer')
    }
  })

  test('a wrong token is 401 "invalid authorization header" with error="invalid_token"', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    assert.deepEqual(await get(app, '/protected', 'Bearer wrong-token'), {
      status: 401,
      body: INVALID,
      challenge: 'Bearer error="invalid_token"',
      contentType: 'application/json; charset=utf-8',
    })
  })

  test('the handler of a protected route never runs for a rejected request', async (t) => {
    let calls = 0
    const app = arbor()
    t.after(() => app.close())
    await app.register(bearerAuth, { keys: [KEY] })
    app.post('/count', async () => {
      calls++
      return { calls }
    })
    const rejected = await app.inject({ method: 'POST', url: '/count', payload: { a: 1 } })
    assert.equal(rejected.statusCode, 401)
    assert.equal(calls, 0)
    const accepted = await app.inject({
      method: 'POST',
      url: '/count',
      payload: { a: 1 },
      headers: { authorization: `Bearer ${KEY}` },
    })
    assert.deepEqual(accepted.json(), { calls: 1 })
  })

  test('no reply ever carries the key', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    for (const header of [undefined, 'Bearer wrong', `Basic ${KEY}`, `bearer ${KEY}`]) {
      const res = await app.inject({
        url: '/protected',
        headers: header === undefined ? {} : { authorization: header },
      })
      assert.equal(res.statusCode, 401)
      assert.ok(!res.body.includes(KEY))
      assert.ok(!JSON.stringify(res.headers).includes(KEY))
    }
  })

  test('the same replies over real HTTP on 127.0.0.1', async (t) => {
    const app = buildTree({ keys: [KEY] })
    t.after(() => app.close())
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const missing = await fetch(`${base}/protected`)
    assert.equal(missing.status, 401)
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer')
    assert.deepEqual(await missing.json(), MISSING)
    const wrong = await fetch(`${base}/protected`, { headers: { authorization: 'Bearer nope' } })
    assert.equal(wrong.status, 401)
    assert.equal(wrong.headers.get('www-authenticate'), 'Bearer error="invalid_token"')
    assert.deepEqual(await wrong.json(), INVALID)
    const right = await fetch(`${base}/protected`, { headers: { authorization: `Bearer ${KEY}` } })
    assert.equal(right.status, 200)
    assert.deepEqual(await right.json(), { route: 'protected' })
  })
})

describe('bearer auth: the auth function', () => {
  test('auth decides instead of keys and receives the token and the request', async (t) => {
    const seen: Array<[string, string]> = []
    const app = buildTree({
      auth: (key, request) => {
        seen.push([key, request.url])
        return key === 'from-auth'
      },
    })
    t.after(() => app.close())
    assert.equal((await get(app, '/protected', 'Bearer from-auth')).status, 200)
    const wrong = await get(app, '/protected', 'Bearer other')
    assert.deepEqual(wrong, {
      status: 401,
      body: INVALID,
      challenge: 'Bearer error="invalid_token"',
      contentType: 'application/json; charset=utf-8',
    })
    assert.deepEqual(seen, [
      ['from-auth', '/protected'],
      ['other', '/protected'],
    ])
  })

  test('auth is not called when the header is missing or has the wrong scheme', async (t) => {
    let calls = 0
    const app = buildTree({
      auth: () => {
        calls++
        return true
      },
    })
    t.after(() => app.close())
    assert.deepEqual((await get(app, '/protected')).body, MISSING)
    assert.deepEqual((await get(app, '/protected', 'Basic abc')).body, INVALID)
    assert.equal(calls, 0)
  })

  test('an async auth resolving true lets the request through, false rejects it', async (t) => {
    const app = buildTree({ auth: async (key) => key === 'async-key' })
    t.after(() => app.close())
    const ok = await get(app, '/nested', 'Bearer async-key')
    assert.equal(ok.status, 200)
    assert.deepEqual(ok.body, { route: 'nested' })
    const wrong = await get(app, '/nested', 'Bearer other')
    assert.equal(wrong.status, 401)
    assert.deepEqual(wrong.body, INVALID)
  })

  const faults: Array<[string, BearerAuthOptions['auth']]> = [
    [
      'throws',
      () => {
        throw new Error('database password is hunter2')
      },
    ],
    ['rejects', async () => Promise.reject(new Error('database password is hunter2'))],
    ['rejects with a non-error', () => Promise.reject('database password is hunter2')],
    ['returns a non-boolean', () => 'yes' as unknown as boolean],
    ['resolves to a non-boolean', async () => 1 as unknown as boolean],
    ['returns undefined', () => undefined as unknown as boolean],
  ]
  for (const [what, auth] of faults) {
    test(`an auth function that ${what} is a 500 with a generic message and no challenge`, async (t) => {
      const app = arbor()
      t.after(() => app.close())
      app.register(async (child: ArborInstance) => {
        await child.register(bearerAuth, { auth: auth! })
        child.get('/protected', async () => ({ route: 'protected' }))
      })
      const res = await app.inject({
        url: '/protected',
        headers: { authorization: 'Bearer some-token' },
      })
      assert.equal(res.statusCode, 500)
      assert.deepEqual(res.json(), SERVER_FAULT)
      assert.equal(res.headers['www-authenticate'], undefined)
      assert.ok(!res.body.includes('hunter2'))
    })
  }
})
