// Spec "Validation behaviour per route" 2-5 and "Validator compiler" 1-2: type coercion,
// array coercion in the query string, useDefaults and removeAdditional, and how
// `ajv.customOptions` changes that baseline.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import arbor, { type ArborOptions } from '../../src/index.ts'
import { badRequest } from '../helpers/validation-error.ts'

const typed = {
  type: 'object',
  properties: {
    int: { type: 'integer' },
    num: { type: 'number' },
    bool: { type: 'boolean' },
    str: { type: 'string' },
  },
}

/** Echoes each value with its JavaScript type, so coercion is visible in the response. */
function withTypes(data: unknown): Record<string, [unknown, string]> {
  const out: Record<string, [unknown, string]> = {}
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) out[k] = [v, typeof v]
  return out
}

describe('Validation behaviour per route 2: coercion', () => {
  test('Validation behaviour per route 2: query string values are converted to the declared types', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', { schema: { querystring: typed } }, async (r) => withTypes(r.query))
    const res = await app.inject('/q?int=5&num=2.5&bool=true&str=7')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), {
      int: [5, 'number'],
      num: [2.5, 'number'],
      bool: [true, 'boolean'],
      str: ['7', 'string'],
    })
  })

  test('Validation behaviour per route 2: route parameters are converted to the declared types', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/p/:int/:bool',
      { schema: { params: { int: { type: 'integer' }, bool: { type: 'boolean' } } } },
      async (r) => withTypes(r.params),
    )
    const res = await app.inject('/p/12/false')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { int: [12, 'number'], bool: [false, 'boolean'] })
  })

  test('Validation behaviour per route 2: headers are converted to the declared types', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/h', { schema: { headers: { 'x-count': { type: 'integer' } } } }, async (r) => ({
      count: r.headers['x-count'],
      type: typeof r.headers['x-count'],
    }))
    const res = await app.inject({ url: '/h', headers: { 'x-count': '41' } })
    assert.deepEqual(res.json(), { count: 41, type: 'number' })
  })

  test('Validation behaviour per route 2: JSON body values are coerced too (baseline coerceTypes applies to every part)', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post('/b', { schema: { body: typed } }, async (r) => withTypes(r.body))
    const res = await app.inject({
      method: 'POST',
      url: '/b',
      payload: { int: '3', num: '1.5', bool: 'false', str: 9 },
    })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), {
      int: [3, 'number'],
      num: [1.5, 'number'],
      bool: [false, 'boolean'],
      str: ['9', 'string'],
    })
  })

  test('Validation behaviour per route 2: a value that cannot be converted fails validation', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', { schema: { querystring: typed } }, async (r) => r.query)
    const res = await app.inject('/q?int=1.5')
    assert.equal(res.statusCode, 400)
    assert.deepEqual(res.json(), badRequest('querystring/int should be integer'))
  })

  test('Route schema object: an empty query value with type number-or-null arrives as null', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', { schema: { querystring: { n: { type: ['number', 'null'] } } } }, async (r) => ({
      n: (r.query as { n: unknown }).n,
    }))
    assert.deepEqual((await app.inject('/q?n=')).json(), { n: null })
    assert.deepEqual((await app.inject('/q?n=4')).json(), { n: 4 })
    const bad = await app.inject('/q?n=four')
    assert.equal(bad.statusCode, 400)
    assert.deepEqual(bad.json(), badRequest('querystring/n should be number,null'))
  })
})

describe('Validation behaviour per route 3: array coercion in the query string', () => {
  const arraySchema = {
    querystring: {
      type: 'object',
      properties: { ids: { type: 'array', items: { type: 'string' }, default: [] } },
    },
  }

  test('Validation behaviour per route 3: a single query value yields an array with one string element', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', { schema: arraySchema }, async (r) => r.query)
    const res = await app.inject('/q?ids=42')
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { ids: ['42'] })
  })

  test('Validation behaviour per route 3: an array parameter with default: [] arrives as [] when absent', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', { schema: arraySchema }, async (r) => ({
      ids: (r.query as { ids: unknown }).ids,
      isArray: Array.isArray((r.query as { ids: unknown }).ids),
    }))
    const res = await app.inject('/q')
    assert.deepEqual(res.json(), { ids: [], isArray: true })
  })

  test('Validation behaviour per route 3: a repeated query parameter arrives as an array of every value', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get('/q', { schema: arraySchema }, async (r) => r.query)
    const res = await app.inject('/q?ids=a&ids=b&ids=c')
    assert.deepEqual(res.json(), { ids: ['a', 'b', 'c'] })
  })

  test('Validation behaviour per route 3: array items are coerced to their declared type', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/q',
      {
        schema: { querystring: { n: { type: 'array', items: { type: 'integer' }, maxItems: 2 } } },
      },
      async (r) => r.query,
    )
    assert.deepEqual((await app.inject('/q?n=7')).json(), { n: [7] })
    assert.deepEqual((await app.inject('/q?n=7&n=8')).json(), { n: [7, 8] })
    const tooMany = await app.inject('/q?n=1&n=2&n=3')
    assert.equal(tooMany.statusCode, 400)
    assert.deepEqual(tooMany.json(), badRequest('querystring/n should NOT have more than 2 items'))
  })
})

describe('Validation behaviour per route 4: useDefaults', () => {
  test('Validation behaviour per route 4: missing properties take the value of their default keyword', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/d',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              role: { type: 'string', default: 'reader' },
              tags: { type: 'array', default: [] },
              prefs: {
                type: 'object',
                default: {},
                properties: { theme: { type: 'string', default: 'dark' } },
              },
            },
          },
        },
      },
      async (r) => r.body,
    )
    const res = await app.inject({ method: 'POST', url: '/d', payload: {} })
    assert.equal(res.statusCode, 200)
    assert.deepEqual(res.json(), { role: 'reader', tags: [], prefs: { theme: 'dark' } })
    const given = await app.inject({ method: 'POST', url: '/d', payload: { role: 'admin' } })
    assert.equal(given.json().role, 'admin', 'a given value is kept')
  })

  test('Validation behaviour per route 4: missing items take the value of their default keyword', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/pair',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              pair: {
                type: 'array',
                items: [
                  { type: 'string', default: 'left' },
                  { type: 'integer', default: 1 },
                ],
                minItems: 2,
                maxItems: 2,
              },
            },
          },
        },
      },
      async (r) => r.body,
    )
    const one = await app.inject({ method: 'POST', url: '/pair', payload: { pair: ['L'] } })
    assert.deepEqual(one.json(), { pair: ['L', 1] })
    const none = await app.inject({ method: 'POST', url: '/pair', payload: { pair: [] } })
    assert.deepEqual(none.json(), { pair: ['left', 1] })
  })

  test('Validation behaviour per route 4: defaults fill the query string', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.get(
      '/q',
      { schema: { querystring: { page: { type: 'integer', default: 1 } } } },
      async (r) => r.query,
    )
    assert.deepEqual((await app.inject('/q')).json(), { page: 1 })
  })
})

describe('Validation behaviour per route 5: removeAdditional', () => {
  test('Validation behaviour per route 5: additional properties are removed when additionalProperties is false', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/strict',
      {
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            properties: { name: { type: 'string' } },
          },
        },
      },
      async (r) => r.body,
    )
    const res = await app.inject({
      method: 'POST',
      url: '/strict',
      payload: { name: 'ada', isAdmin: true },
    })
    assert.equal(res.statusCode, 200, 'removed, not rejected')
    assert.deepEqual(res.json(), { name: 'ada' })
  })

  test('Validation behaviour per route 5: without additionalProperties: false, additional properties are kept', async (t) => {
    const app = arbor()
    t.after(() => app.close())
    app.post(
      '/open',
      { schema: { body: { type: 'object', properties: { name: { type: 'string' } } } } },
      async (r) => r.body,
    )
    const res = await app.inject({ method: 'POST', url: '/open', payload: { name: 'a', x: 1 } })
    assert.deepEqual(res.json(), { name: 'a', x: 1 })
  })
})

describe('Validator compiler 2: ajv.customOptions changes the baseline', () => {
  async function post(options: ArborOptions, schema: Record<string, unknown>, payload: object) {
    const app = arbor(options)
    app.post('/x', { schema: { body: schema } }, async (r) => r.body)
    try {
      const res = await app.inject({ method: 'POST', url: '/x', payload })
      return { status: res.statusCode, body: res.json() as unknown }
    } finally {
      await app.close()
    }
  }
  const intBody = { type: 'object', properties: { n: { type: 'integer' } } }
  const closedBody = {
    type: 'object',
    additionalProperties: false,
    properties: { n: { type: 'integer' } },
  }
  const defaultBody = { type: 'object', properties: { n: { type: 'integer', default: 5 } } }

  test('Validator compiler 2: customOptions { coerceTypes: false } turns coercion off', async () => {
    assert.deepEqual(await post({}, intBody, { n: '1' }), { status: 200, body: { n: 1 } })
    assert.deepEqual(
      await post({ ajv: { customOptions: { coerceTypes: false } } }, intBody, { n: '1' }),
      {
        status: 400,
        body: badRequest('body/n should be integer'),
      },
    )
  })

  test('Validator compiler 2: customOptions { removeAdditional: false } makes additionalProperties: false reject', async () => {
    assert.deepEqual(await post({}, closedBody, { n: 1, x: 2 }), { status: 200, body: { n: 1 } })
    assert.deepEqual(
      await post({ ajv: { customOptions: { removeAdditional: false } } }, closedBody, {
        n: 1,
        x: 2,
      }),
      { status: 400, body: badRequest('body should NOT have additional properties') },
    )
  })

  test('Validator compiler 2: customOptions { useDefaults: false } leaves missing properties missing', async () => {
    assert.deepEqual(await post({}, defaultBody, {}), { status: 200, body: { n: 5 } })
    assert.deepEqual(
      await post({ ajv: { customOptions: { useDefaults: false } } }, defaultBody, {}),
      {
        status: 200,
        body: {},
      },
    )
  })

  test("Validator compiler 2: customOptions { removeAdditional: 'all' } removes properties even without additionalProperties: false", async () => {
    const open = { type: 'object', properties: { n: { type: 'integer' } } }
    assert.deepEqual(
      await post({ ajv: { customOptions: { removeAdditional: 'all' } } }, open, { n: 1, x: 2 }),
      {
        status: 200,
        body: { n: 1 },
      },
    )
  })

  test('Validator compiler 2: a customOptions that is not an object fails at construction', () => {
    assert.throws(
      () => arbor({ ajv: { customOptions: [] as unknown as Record<string, unknown> } }),
      (err: Error & { code?: string }) => err.code === 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ',
    )
  })
})
