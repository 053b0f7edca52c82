// @fastify/env 7 (the Fastify 5 major) on arbor, in both lines: a config checked against a JSON
// schema (coercion, defaults) decorated on the app and on requests, a bad config refusing to
// start.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import env from '@fastify/env-v5'
import { lines, overHttp } from './lines.ts'

const schema = {
  type: 'object',
  required: ['PORT', 'DATABASE_URL'],
  properties: {
    PORT: { type: 'integer', minimum: 1 },
    DATABASE_URL: { type: 'string' },
    LOG_LEVEL: { type: 'string', enum: ['info', 'debug'], default: 'info' },
    FEATURE_X: { type: 'boolean', default: false },
  },
}

// app.config and request.getEnvs are typed on FastifyInstance / FastifyRequest; on arbor they
// are plain decorators, reached through this view of the config.
type Config = { PORT: number; DATABASE_URL: string; LOG_LEVEL: string; FEATURE_X: boolean }

for (const line of lines) {
  test(`@fastify/env 7 (${line.name}): a valid config is coerced, defaulted and decorated`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(env, {
      schema,
      data: { PORT: '8080', DATABASE_URL: 'postgres://db/app', FEATURE_X: 'true' },
    })
    assert.deepEqual((app as unknown as { config: Config }).config, {
      PORT: 8080,
      DATABASE_URL: 'postgres://db/app',
      LOG_LEVEL: 'info',
      FEATURE_X: true,
    })
  })

  test(`@fastify/env 7 (${line.name}): over HTTP request.getEnvs() reads the config under confKey`, async (t) => {
    const app = line.app()
    t.after(() => app.close())
    await app.register(env, {
      schema,
      confKey: 'settings',
      data: { PORT: '1', DATABASE_URL: 'sqlite::memory:' },
    })
    app.get('/port', async (request) => ({
      port: (request as unknown as { getEnvs(): Config }).getEnvs().PORT,
    }))
    assert.equal((app as unknown as { settings: Config }).settings.DATABASE_URL, 'sqlite::memory:')
    const request = await overHttp(app)
    assert.deepEqual(await (await request('/port')).json(), { port: 1 })
  })

  test(`@fastify/env 7 (${line.name}): a config that fails the schema makes the app refuse to start`, async (t) => {
    const missing = line.app()
    t.after(() => missing.close())
    missing.register(env, { schema, data: { PORT: '8080' } })
    await assert.rejects(missing.ready(), /must have required property 'DATABASE_URL'/)
    const invalid = line.app()
    t.after(() => invalid.close())
    invalid.register(env, { schema, data: { PORT: 'eighty', DATABASE_URL: 'x' } })
    await assert.rejects(invalid.ready(), /PORT must be integer/)
  })
}
