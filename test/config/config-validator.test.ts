import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { configValidatorSource, generatedPath } from '../../scripts/build-config-validator.ts'
import arbor from '../../src/index.ts'
import { typescriptChild } from '../helpers/typescript-child.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Runs `body` in a fresh node process (through the test loader) and returns what it printed. */
function inFreshProcess(body: string): string {
  return execFileSync(process.execPath, [...typescriptChild, '--input-type=module', '-e', body], {
    cwd: root,
    encoding: 'utf8',
  }).trim()
}

describe('config: the options validator compiled ahead of time', () => {
  test('the committed validator is what scripts/build-config-validator.ts makes of the schema', () => {
    assert.equal(
      readFileSync(generatedPath, 'utf8'),
      configValidatorSource(),
      'run `npm run build:config-validator` after changing src/config/config-schema.ts',
    )
  })

  test('options are still coerced, defaulted and refused with Fastify messages', () => {
    const app = arbor({ maxParamLength: '50' as unknown as number })
    assert.equal(app.initialConfig.maxParamLength, 50)
    assert.equal(app.initialConfig.keepAliveTimeout, 72000)
    assert.throws(
      () => arbor({ caseSensitive: 'maybe' as unknown as boolean }),
      (err: Error & { code?: string }) =>
        err.code === 'FST_ERR_INIT_OPTS_INVALID' && err.message.includes('must be boolean'),
    )
  })

  test('an application without route schemas never loads Ajv', () => {
    const loaded = inFreshProcess(`
      import { createRequire } from 'node:module'
      const { default: arbor } = await import('./src/index.ts')
      const app = arbor()
      app.get('/', () => 'hi')
      const res = await app.inject('/')
      const ajv = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('/node_modules/ajv/'))
      console.log(res.body, ajv.length)
    `)
    assert.equal(loaded, 'hi 0')
  })

  test('an application with a route schema loads Ajv and validates', () => {
    const loaded = inFreshProcess(`
      import { createRequire } from 'node:module'
      const { default: arbor } = await import('./src/index.ts')
      const app = arbor()
      app.get('/', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, (req) => req.query)
      const res = await app.inject('/?n=nope')
      const ajv = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('/node_modules/ajv/'))
      console.log(res.statusCode, ajv.length > 0)
    `)
    assert.equal(loaded, '400 true')
  })
})
