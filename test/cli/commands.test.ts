import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, test } from 'node:test'
import { get } from './client.ts'
import { type Cli, fixture, removeBundle, runCli, startCli } from './helpers.ts'

const started: Cli[] = []
after(() => {
  for (const cli of started) cli.kill()
  removeBundle()
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const stripsTypes = Boolean((process.features as { typescript?: unknown }).typescript)

test('arbor --help and arbor with no command print the usage, exit 0', async () => {
  for (const args of [['--help'], [], ['help'], ['start', '-h']]) {
    const { code, stdout } = await runCli(args)
    assert.equal(code, 0, args.join(' '))
    assert.match(stdout, /^Usage: arbor <command> \[flags\] <app>/)
    assert.match(stdout, /--workers <n\|auto>/)
  }
})

test('arbor --version prints the package version', async () => {
  const { version } = (await import('../../package.json', { with: { type: 'json' } })).default
  const { code, stdout } = await runCli(['--version'])
  assert.equal(code, 0)
  assert.equal(stdout, `${version}\n`)
})

test('an unknown command, an unknown flag or a bad value: one clear line, exit 2', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['serve', 'app.js'], /^arbor: unknown command "serve"\n/],
    [['start', fixture('hello.mjs'), '--prot', '3000'], /^arbor: unknown flag --prot\n/],
    [['start'], /^arbor: arbor start needs an <app> module\n/],
    [
      ['start', fixture('hello.mjs'), '--port', 'http'],
      /^arbor: --port must be an integer from 0 to 65535, got "http"\n/,
    ],
    [
      ['start', fixture('hello.mjs'), '--workers', '0'],
      /^arbor: --workers must be an integer from 1 to 1024/,
    ],
    [
      ['start', fixture('hello.mjs'), '--watch', '--workers', '2'],
      /^arbor: --watch and --workers do not combine/,
    ],
    [
      ['routes', fixture('hello.mjs'), '--port', '1'],
      /^arbor: --port applies to arbor start only\n/,
    ],
    [
      ['start', fixture('hello.mjs'), '--options', '[1]'],
      /^arbor: --options must be a JSON object/,
    ],
  ]
  for (const [args, message] of cases) {
    const { code, stderr } = await runCli(args)
    assert.equal(code, 2, args.join(' '))
    assert.match(stderr, message)
    assert.match(stderr, /Run arbor --help for the commands and flags\.\n$/)
  }
  const fromEnv = await runCli(['start', fixture('hello.mjs')], { env: { PORT: '99999' } })
  assert.equal(fromEnv.code, 2)
  assert.match(fromEnv.stderr, /^arbor: PORT must be an integer from 0 to 65535, got "99999"/)
})

test('arbor routes prints the routes without listening', async () => {
  const { code, stdout, stderr } = await runCli([
    'routes',
    fixture('hello.mjs'),
    '--prefix',
    '/api',
  ])
  assert.equal(code, 0, stderr)
  assert.match(stdout, /^└── \/\n {4}└── api \(GET, HEAD\)\n/)
  assert.match(stdout, /opts \(GET, HEAD\)/)
  assert.match(stdout, /users \(POST\)/)
})

test('arbor inspect prints the context tree', async () => {
  const { code, stdout, stderr } = await runCli(['inspect', fixture('hello.mjs')])
  assert.equal(code, 0, stderr)
  assert.match(stdout, /hello/)
  assert.match(stdout, /request decorators\s+user/)
  assert.match(stdout, /POST \/v1\/users/)
})

test('a module without a plugin or an instance, or a missing file: a message, exit 1', async () => {
  const none = await runCli(['routes', fixture('not-an-app.mjs')])
  assert.equal(none.code, 1)
  assert.match(none.stderr, /must export a plugin.*its default export is missing\n$/)
  const missing = await runCli(['start', 'no-such-app.js'])
  assert.equal(missing.code, 1)
  assert.match(missing.stderr, /^arbor: cannot find the app module no-such-app\.js/)
})

test('a TypeScript app file runs as is where Node strips types, and says what to install where not', async () => {
  const { code, stdout, stderr } = await runCli(['routes', fixture('typed.ts')])
  if (stripsTypes) {
    assert.equal(code, 0, stderr)
    assert.match(stdout, /typed \(GET, HEAD\)/)
  } else {
    assert.equal(code, 1)
    assert.match(stderr, /does not run TypeScript files by itself \(Node 22\.18 and later do\)/)
    assert.match(stderr, /node --import tsx .*start .*typed\.ts/)
    assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace')
  }
})

test('arbor start: options from flags, the factory options export with --options, plugin options after --', async () => {
  const cli = await startCli([
    'start',
    fixture('hello.mjs'),
    '--port=0',
    '--options',
    '{"requestIdHeader":"x-id"}',
    '--prefix',
    '/api',
    '--',
    '--greeting',
    'hi',
    '--loud',
  ])
  started.push(cli)
  const port = await cli.port(/^Server listening at/)
  const answer = await get(port, '/api/opts')
  assert.deepEqual(JSON.parse(answer.body), {
    opts: { greeting: 'hi', loud: true, prefix: '/api' },
    bodyLimit: 4096,
  })
  cli.child.kill('SIGTERM')
  assert.deepEqual(await cli.exited, { code: 0, signal: null })
  assert.ok(cli.line(/^SIGTERM received: closing/))
})

test('arbor start: PORT and LOG_LEVEL from the environment; without --options the export is not used', async () => {
  const port = await freePort()
  const cli = await startCli(['start', fixture('hello.mjs')], {
    env: { PORT: String(port), LOG_LEVEL: 'warn' },
  })
  started.push(cli)
  let answer: Awaited<ReturnType<typeof get>> | undefined
  for (let i = 0; i < 100 && answer === undefined; i++) {
    answer = await get(port, '/opts').catch(() => undefined)
    if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  assert.deepEqual(JSON.parse(answer!.body), { opts: {}, bodyLimit: 1048576 })
  cli.child.kill('SIGINT')
  assert.equal((await cli.exited).code, 0)
  // warn: neither the listening line nor the request lines
  assert.equal(cli.lines.filter((l) => (l.level as number) < 40).length, 0, cli.stdout)
})

test('arbor start on an instance exported by the module (through tsx, for its TypeScript import)', async () => {
  const cli = await startCli(['start', fixture('instance.ts'), '--port', '0'], {
    execArgv: ['--import', 'tsx'],
  })
  started.push(cli)
  const port = await cli.port(/^Server listening at/)
  assert.deepEqual(JSON.parse((await get(port, '/made-here')).body), { instance: true })
  cli.child.kill('SIGTERM')
  assert.equal((await cli.exited).code, 0)
  const refused = await runCli(['start', fixture('instance.ts'), '--prefix', '/x'], {
    execArgv: ['--import', 'tsx'],
  })
  assert.equal(refused.code, 2)
  assert.match(refused.stderr, /--prefix apply to a plugin app; .*instance\.ts exports an instance/)
})
