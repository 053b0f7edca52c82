// Issue 38, "CommonJS that loads everywhere": jest in its default CommonJS mode, whose module
// system has no require(esm), loads the stand-ins and arbor, on every Node line CI runs. The
// jest tests in ./jest-cjs run in an application folder laid out as the documented swap lays it
// out (`fastify` the stand-in, `arbor` built from src/); jest comes from the NestJS app's own
// install (`npm ci --prefix test/ecosystem-stand-in/nest`, which .ci/run does; without it this
// test is skipped).
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { cp, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { installedPackage, run, standInApp } from '../helpers/stand-in-app.ts'

const HERE = new URL('./jest-cjs/', import.meta.url).pathname
const NEST = new URL('./nest/', import.meta.url).pathname
const skip = existsSync(join(NEST, 'node_modules', 'jest'))
  ? false
  : 'jest is not installed: npm ci --prefix test/ecosystem-stand-in/nest'

interface JestResults {
  numTotalTests: number
  numPassedTests: number
  testResults: Array<{ message: string }>
}

for (const [line, version] of [
  [4, '4.25.2'],
  [5, '5.12.1'],
] as const) {
  test(`Issue 38: jest in CommonJS mode loads the Fastify ${line} stand-in (${version}) and arbor`, {
    skip,
  }, async (t) => {
    const app = await standInApp(line, { jest: installedPackage('jest', NEST) })
    t.after(() => app.remove())
    for (const file of ['jest.config.cjs', 'stand-in.test.cjs']) {
      await cp(join(HERE, file), join(app.dir, file))
    }
    const jest = join(app.dir, 'node_modules', 'jest', 'bin', 'jest.js')
    const outcome = await run(
      process.execPath,
      [jest, '--ci', '--json', '--outputFile=results.json', '--cacheDirectory=.jest-cache'],
      app.dir,
      { timeout: 120_000, env: { EXPECTED_VERSION: version } },
    )
    const results = JSON.parse(await readFile(join(app.dir, 'results.json'), 'utf8')) as JestResults
    const messages = results.testResults.map((file) => file.message).join('\n')
    assert.equal(results.numTotalTests, 5, `${messages}\n${outcome.stderr}`)
    assert.equal(results.numPassedTests, 5, `${messages}\n${outcome.stderr}`)
  })
}
