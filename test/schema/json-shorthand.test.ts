// The spec's shorthand request schemas hold in both Fastify lines (Fastify 5 removed them), and
// `jsonShorthand: false` hands a custom compiler the schema as written, in both lines too.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import arbor from '../../src/index.ts'
import type { ValidatorCompilerInput } from '../../src/types/schema.ts'

for (const fastifyLine of [4, 5] as const) {
  test(`Fastify ${fastifyLine} line: a shorthand params schema is expanded and validated`, async (t) => {
    const app = arbor({ fastifyLine })
    t.after(() => app.close())
    app.get(
      '/n/:id',
      { schema: { params: { id: { type: 'integer' } } } },
      async (request) => request.params,
    )
    assert.deepEqual((await app.inject('/n/42')).json(), { id: 42 })
    assert.equal((await app.inject('/n/abc')).statusCode, 400)
  })

  test(`Fastify ${fastifyLine} line: jsonShorthand false gives a custom compiler the schema as written`, async (t) => {
    const app = arbor({ fastifyLine, jsonShorthand: false })
    t.after(() => app.close())
    const seen: unknown[] = []
    app.setValidatorCompiler(({ schema }: ValidatorCompilerInput) => {
      seen.push(schema)
      return () => true
    })
    const marker = { custom: true }
    app.get(
      '/p/:an_id',
      { schema: { params: { an_id: marker } } },
      async (request) => request.params,
    )
    const res = await app.inject('/p/42')
    assert.deepEqual(res.json(), { an_id: '42' })
    // the GET route and its automatic HEAD route each compile it
    assert.ok(seen.length > 0)
    for (const schema of seen) assert.deepEqual(schema, { an_id: marker })
  })
}
