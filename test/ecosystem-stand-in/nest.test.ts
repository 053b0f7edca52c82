// Issue 38: a NestJS 12 application on @nestjs/platform-fastify 12.5.0 with arbor's Fastify 5
// stand-in in Fastify's place, its own jest tests run under jest in CommonJS mode, as a NestJS
// project runs them. The application and its tests are in ./nest, a project of its own with its
// lockfile (`npm ci --prefix test/ecosystem-stand-in/nest`, which .ci/run does; without it this
// test is skipped). Here its folder is prepared with `fastify` the stand-in, `arbor` built from
// src/ and its packages linked from ./nest/node_modules; jest runs in it as a child process, and
// its results are checked.
//
// NestJS 12 is ES modules only. Its default jest setup (`nest new`) compiles the tests to
// CommonJS and loads NestJS through jest's require(esm) under `--experimental-vm-modules`, which
// jest offers from Node 24.9 on (it needs vm's synchronous module evaluation): on an older Node
// this test is skipped, as a NestJS 12 project's tests cannot run there either.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { cp, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { installedPackage, run, type StandInApp, standInApp } from '../helpers/stand-in-app.ts'

const NEST = new URL('./nest/', import.meta.url).pathname
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const requireEsmInJest = major > 24 || (major === 24 && minor >= 9)
const skip = !requireEsmInJest
  ? 'jest loads ES modules with require() from Node 24.9 on'
  : !existsSync(join(NEST, 'node_modules'))
    ? 'the NestJS app is not installed: npm ci --prefix test/ecosystem-stand-in/nest'
    : false

interface JestResults {
  numTotalTests: number
  numPassedTests: number
  numFailedTests: number
  testResults: Array<{
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>
  }>
}

let app: StandInApp | undefined
let results: JestResults
let output = ''

before(async () => {
  if (skip) return
  const manifest = JSON.parse(await readFile(join(NEST, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }
  const packages: Record<string, string> = {}
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    packages[name] = installedPackage(name, NEST)
  }
  app = await standInApp(5, packages)
  for (const file of ['package.json', 'jest.config.cjs', 'tsconfig.json', 'src', 'test']) {
    await cp(join(NEST, file), join(app.dir, file), { recursive: true })
  }
  const jest = join(app.dir, 'node_modules', 'jest', 'bin', 'jest.js')
  const outcome = await run(
    process.execPath,
    [
      '--experimental-vm-modules',
      jest,
      '--ci',
      '--json',
      '--outputFile=results.json',
      `--cacheDirectory=${join(app.dir, '.jest-cache')}`,
    ],
    app.dir,
    { timeout: 120_000 },
  )
  output = outcome.stdout + outcome.stderr
  results = JSON.parse(await readFile(join(app.dir, 'results.json'), 'utf8')) as JestResults
})

after(() => app?.remove())

test('Issue 38: the NestJS app runs on the Fastify 5 stand-in, not on Fastify', { skip }, () => {
  assert.match(output, /fastify in use: arbor-fastify5@5\.12\.1/)
})

test('Issue 38: every jest test of the NestJS app passes on the stand-in', { skip }, () => {
  const failed = results.testResults
    .flatMap((file) => file.assertionResults)
    .filter((result) => result.status !== 'passed')
    .map((result) => `${result.fullName}: ${result.failureMessages.join('\n')}`)
  assert.deepEqual(failed, [], output)
  assert.equal(results.numFailedTests, 0)
  assert.equal(results.numPassedTests, results.numTotalTests)
  assert.equal(results.numTotalTests, 25, 'the app has 25 jest tests')
})

test('Issue 38: through inject and HTTP, middleware HttpException, guard, pipe, filter, helmet, CORS, versioning, swagger, uploads, SSE', {
  skip,
}, () => {
  const passed = new Set(
    results.testResults
      .flatMap((file) => file.assertionResults)
      .filter((result) => result.status === 'passed')
      .map((result) => result.fullName),
  )
  for (const title of [
    'through inject an HttpException thrown by the middleware answers 403 with its body, not 500',
    'through inject ValidationPipe with a DTO: 400 listing the failed constraints',
    'through inject the guard: no API key is 403 Forbidden resource',
    'through inject the exception filter answers 418 with its own body',
    'through inject helmet sets its headers on Nest routes',
    'through inject CORS: the allowed origin is echoed, a preflight answers 204',
    'through inject URI versioning: /v2/items is the other controller, /items is not found',
    'through inject @nestjs/swagger: the document lists the versioned routes and the DTO schema',
    'through real HTTP on 127.0.0.1 the middleware HttpException over HTTP: 403, the connection answers',
    'answers other than JSON values, and errors from middleware a middleware HttpException after a text/plain header: 403 answered as JSON',
    'answers other than JSON values, and errors from middleware StreamableFile: the stream with its type, disposition and length',
    'answers other than JSON values, and errors from middleware rawBody: the request keeps the bytes it was parsed from',
    'answers other than JSON values, and errors from middleware FileInterceptor: a multipart upload through @fastify/multipart, with a text field',
    'answers other than JSON values, and errors from middleware @Sse: three events on the raw response, then the stream ends',
  ]) {
    assert.ok(passed.has(title), `passed: ${title}`)
  }
})
