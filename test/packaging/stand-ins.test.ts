// Issue 38, "Stand-in packages": the tarballs `npm pack -w packages` makes (arbor-fastify4,
// arbor-fastify5), installed as `fastify` beside arbor's own tarball, as the documented swap
// `"fastify": "npm:arbor-fastify5@5.12.1"` installs them. Tools that read `fastify/package.json`
// see the Fastify version of the line; `require('fastify')` and `import` give that line's
// factory, with CommonJS loading with require(esm) off (jest's case); Fastify's internal modules
// are there with arbor's meaning; one copy of arbor whichever way it is reached.
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import {
  linkDependencies,
  node,
  packedTarballs,
  runtimeDependencies,
  STEP_TIMEOUT,
  untarInto,
} from './pack-helpers.ts'

const lines = [
  { line: 4, version: '4.25.2' },
  { line: 5, version: '5.12.1' },
] as const

// A CommonJS application, as jest's module system runs one: everything through `require`.
const commonJsApp = (line: number): string => `'use strict'
const fastify = require('fastify')
const arbor = require('arbor')
const symbols = require('fastify/lib/symbols')
const Reply = require('fastify/lib/reply.js')
const errors = require('fastify/lib/errors')
const modules = ['request', 'pluginUtils', 'warnings', 'logger'].map((m) => typeof require('fastify/lib/' + m))

async function main() {
  const app = fastify()
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url !== '/guarded') return done()
    const handMade = { raw: request.raw, server: app, log: app.log,
      [symbols.kRouteContext]: { onSend: [], onError: [], server: app, errorHandler: app[symbols.kErrorHandler] } }
    new Reply(reply.raw, handMade, app.log).status(403).send({ message: 'Forbidden' })
  })
  app.get('/items/:id', async (request, reply) => ({ route: reply[symbols.kRouteContext].config.url }))
  const item = await app.inject('/items/1')
  const guarded = await app.inject('/guarded')
  console.log(JSON.stringify({
    packageVersion: require('fastify/package.json').version,
    appVersion: app.version,
    isLine: fastify === require('arbor/fastify${line}'),
    oneCopy: errors.FST_ERR_NOT_FOUND === arbor.errorCodes.FST_ERR_NOT_FOUND,
    modules,
    route: item.json().route,
    guarded: { status: guarded.statusCode, body: guarded.json() },
  }))
}
main().catch((err) => { console.error(err); process.exit(1) })
`

// An ES module application, as platform-fastify imports Fastify: named and default imports.
const esmApp = `import fastify, { fastify as named, errorCodes } from 'fastify'
import Reply from 'fastify/lib/reply.js'
import symbols from 'fastify/lib/symbols.js'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const app = named()
app.get('/', (request, reply) => {
  reply.send({ isReply: reply instanceof Reply, keyed: reply[symbols.kRouteContext].config.url })
})
const res = await app.inject('/')
console.log(JSON.stringify({
  sameFactory: fastify === named && require('fastify') === fastify,
  oneCopy: errorCodes === require('arbor').errorCodes,
  body: res.json(),
}))
`

describe('Packaging: the stand-in packages in Fastify’s place (issue 38)', {
  timeout: 4 * STEP_TIMEOUT,
}, () => {
  let work = ''
  const tarballs = new Map<string, string>()

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'arbor-stand-ins-'))
    for (const [file, path] of await packedTarballs()) tarballs.set(file, path)
  })

  after(() => rm(work, { recursive: true, force: true }))

  test('npm pack -w packages makes one tarball per line, versioned as its Fastify', () => {
    assert.deepEqual([...tarballs.keys()].sort(), [
      'arbor-0.1.0.tgz',
      'arbor-fastify4-4.25.2.tgz',
      'arbor-fastify5-5.12.1.tgz',
    ])
  })

  for (const { line, version } of lines) {
    const appFor = async (): Promise<string> => {
      const app = join(work, `app-${line}`)
      await mkdir(app, { recursive: true })
      const manifest = {
        name: 'app',
        private: true,
        dependencies: { fastify: `npm:arbor-fastify${line}@${version}` },
      }
      await writeFile(join(app, 'package.json'), `${JSON.stringify(manifest)}\n`)
      await untarInto(app, tarballs.get('arbor-0.1.0.tgz')!, 'arbor')
      await untarInto(app, tarballs.get(`arbor-fastify${line}-${version}.tgz`)!, 'fastify')
      await linkDependencies(app, await runtimeDependencies())
      return app
    }
    let app: Promise<string> | undefined
    const ready = (): Promise<string> => (app ??= appFor())

    for (const requireEsm of [true, false]) {
      const how = requireEsm ? 'require' : 'require with require(esm) off, as under jest'
      test(`Fastify ${line} stand-in by ${how}: ${version}, the line's factory, internals`, async () => {
        const dir = await ready()
        await writeFile(join(dir, 'server.cjs'), commonJsApp(line))
        const flags = requireEsm ? [] : ['--no-experimental-require-module']
        const { report, stderr } = await node('server.cjs', dir, flags)
        assert.equal(stderr, '')
        assert.deepEqual(report, {
          packageVersion: version,
          appVersion: version,
          isLine: true,
          oneCopy: true,
          modules: ['function', 'object', 'object', 'object'],
          route: '/items/:id',
          guarded: { status: 403, body: { message: 'Forbidden' } },
        })
      })
    }

    test(`Fastify ${line} stand-in by import: named and default factory, lib/reply.js`, async () => {
      const dir = await ready()
      await writeFile(join(dir, 'server.mjs'), esmApp)
      const { report, stderr } = await node('server.mjs', dir)
      assert.equal(stderr, '')
      assert.deepEqual(report, {
        sameFactory: true,
        oneCopy: true,
        body: { isReply: true, keyed: '/' },
      })
    })
  }
})
