// @fastify/env cases shared by its Fastify 4 major (4) and its Fastify 5 major (7): a config
// checked against a JSON schema (with coercion and defaults) decorated on the app and on
// requests, and a bad config refusing to start.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { listenLocal } from '../../helpers/http.ts'
import type { PluginCase } from './plugin-case.ts'

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

export function envCases({ plugin, app: makeApp, label }: PluginCase): void {
  test(`${label}: a valid config is coerced, defaulted and decorated as app.config`, async (t) => {
    const app = makeApp()
    t.after(() => app.close())
    await app.register(plugin, {
      schema,
      data: { PORT: '8080', DATABASE_URL: 'postgres://db/app', FEATURE_X: 'true' },
    })
    const { config } = app as unknown as { config: Config }
    assert.deepEqual(config, {
      PORT: 8080,
      DATABASE_URL: 'postgres://db/app',
      LOG_LEVEL: 'info',
      FEATURE_X: true,
    })
  })

  async function withSettings() {
    const app = makeApp()
    await app.register(plugin, {
      schema,
      confKey: 'settings',
      data: { PORT: '1', DATABASE_URL: 'sqlite::memory:' },
    })
    app.get('/port', async (request) => ({
      port: (request as unknown as { getEnvs(): Config }).getEnvs().PORT,
    }))
    assert.equal((app as unknown as { settings: Config }).settings.DATABASE_URL, 'sqlite::memory:')
    return app
  }

  test(`${label}: confKey renames the decorator, and request.getEnvs() reads the config`, async (t) => {
    const app = await withSettings()
    t.after(() => app.close())
    const res = await app.inject({ method: 'GET', url: '/port' })
    assert.deepEqual(res.json(), { port: 1 })
  })

  test(`${label}: over real HTTP request.getEnvs() reads the config under confKey`, async (t) => {
    const app = await withSettings()
    t.after(() => app.close())
    const port = await listenLocal(app)
    assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/port`)).json(), { port: 1 })
  })

  test(`${label}: a config that fails the schema makes the app refuse to start`, async (t) => {
    const missing = makeApp()
    t.after(() => missing.close())
    missing.register(plugin, { schema, data: { PORT: '8080' } })
    await assert.rejects(missing.ready(), /must have required property 'DATABASE_URL'/)

    const invalid = makeApp()
    t.after(() => invalid.close())
    invalid.register(plugin, { schema, data: { PORT: 'eighty', DATABASE_URL: 'x' } })
    await assert.rejects(invalid.ready(), /PORT must be integer/)
  })
}
