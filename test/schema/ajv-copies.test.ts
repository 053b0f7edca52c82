import assert from 'node:assert/strict'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import arbor from '../../src/index.ts'

const require = createRequire(import.meta.url)

/**
 * A second install of ajv and ajv-errors, as a monorepo or a nested node_modules leaves it.
 * It sits under the project's node_modules, so ajv's own dependencies still resolve there.
 */
function secondInstall(): string {
  const cache = join(dirname(require.resolve('ajv/package.json')), '..', '.cache')
  mkdirSync(cache, { recursive: true })
  const root = mkdtempSync(join(cache, 'arbor-test-ajv-'))
  for (const name of ['ajv', 'ajv-errors']) {
    cpSync(dirname(require.resolve(`${name}/package.json`)), join(root, 'node_modules', name), {
      recursive: true,
    })
  }
  return root
}

test('Validator compiler 2: a plugin built on another copy of ajv than the shipped one fails at ready, naming the route and the copies', async (t) => {
  const root = secondInstall()
  t.after(() => rmSync(root, { recursive: true, force: true }))
  const otherAjvErrors = require(join(root, 'node_modules', 'ajv-errors')) as () => unknown
  const app = arbor({
    ajv: { customOptions: { allErrors: true, logger: false }, plugins: [otherAjvErrors] },
  })
  app.post(
    '/signup',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' } },
          errorMessage: { required: { name: 'name is needed' } },
        },
      },
    },
    async () => 'ok',
  )
  await assert.rejects(app.ready(), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'FST_ERR_SCH_VALIDATION_BUILD')
    assert.match(err.message, /^Failed building the validation schema for POST: \/signup/)
    assert.match(err.message, /ajv is loaded from 2 places/)
    assert.ok(err.message.includes(join(root, 'node_modules', 'ajv')), err.message)
    assert.match(err.message, /install one ajv/)
    return true
  })
})
