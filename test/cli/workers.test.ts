import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { get, keepAlive, load } from './client.ts'
import { type Cli, fixture, removeBundle, startCli } from './helpers.ts'

// `arbor start --workers 2` over real processes: the primary and its workers, on a free port.
const started: Cli[] = []
after(() => {
  for (const cli of started) cli.kill()
  removeBundle()
})

async function twoWorkers(): Promise<{ cli: Cli; port: number }> {
  const cli = await startCli(['start', fixture('hello.mjs'), '--port', '0', '--workers', '2'])
  started.push(cli)
  const port = await cli.port(/2 workers listening at/)
  return { cli, port }
}

test('SIGTERM drains every worker: 50 keep-alive requests in flight across 2 workers are all answered, exit 0', async () => {
  const { cli, port } = await twoWorkers()
  const agent = keepAlive(50)
  const answers = Promise.allSettled(Array.from({ length: 50 }, () => get(port, '/slow', agent)))
  // every request has reached its worker (arbor logs each one as it comes in)
  await cli.until(
    () =>
      cli.lines.filter(
        (l) => l.msg === 'incoming request' && (l.req as { url?: string })?.url === '/slow',
      ).length === 50,
    '50 requests in flight',
  )
  cli.child.kill('SIGTERM')
  const results = await answers
  agent.destroy()
  const failed = results.filter((r) => r.status === 'rejected' || r.value.status !== 200)
  assert.equal(failed.length, 0, `lost: ${JSON.stringify(failed)}`)
  const pids = new Set(
    results.map(
      (r) =>
        (JSON.parse((r as PromiseFulfilledResult<{ body: string }>).value.body) as { pid: number })
          .pid,
    ),
  )
  assert.equal(pids.size, 2, 'both workers served')
  assert.deepEqual(await cli.exited, { code: 0, signal: null })
  assert.equal(cli.count(/^closed: exiting$/), 2)
  assert.ok(cli.line(/^all workers exited: exiting$/))
})

test('a worker killed with SIGKILL is replaced, and the new one serves', async () => {
  const { cli, port } = await twoWorkers()
  const first = JSON.parse((await get(port, '/')).body) as { pid: number }
  process.kill(first.pid, 'SIGKILL')
  await cli.until(
    () => cli.line(/exited \(signal SIGKILL\): replacing it in 250 ms/),
    'the replacement',
  )
  // the replacement's own listening line: the first one after the primary said it replaces
  const from = cli.lines.indexOf(cli.line(/replacing it/)!)
  const fresh = await cli.until(
    () => cli.lines.slice(from).find((l) => /^Server listening at/.test(String(l.msg))),
    'the new worker listening',
  )
  assert.notEqual(fresh.pid, first.pid)
  const seen = new Set<number>()
  for (let i = 0; i < 20 && !seen.has(fresh.pid!); i++) {
    seen.add((JSON.parse((await get(port, '/')).body) as { pid: number }).pid)
  }
  assert.ok(seen.has(fresh.pid!), `the new worker ${fresh.pid} answered (saw ${[...seen]})`)
  assert.ok(!seen.has(first.pid), 'the killed worker is gone')
  cli.child.kill('SIGTERM')
  assert.equal((await cli.exited).code, 0)
})

test('SIGHUP restarts the workers one at a time under load, with no failed request', async () => {
  const { cli, port } = await twoWorkers()
  const traffic = load(port, '/', 8)
  await cli.until(() => traffic.answered > 200 && traffic.pids.size === 2, 'load on both workers')
  const before = new Set(traffic.pids)
  cli.child.kill('SIGHUP')
  await cli.until(() => cli.line(/^restart done$/), 'the rolling restart', 90_000)
  const answeredAtEnd = traffic.answered
  await cli.until(() => traffic.answered > answeredAtEnd + 200, 'load after the restart')
  await traffic.stop()
  assert.deepEqual(traffic.failures, [])
  assert.equal(cli.count(/^worker \d+ replaced by worker \d+$/), 2)
  // the answers after the restart come from new processes only
  const after = await Promise.all(Array.from({ length: 6 }, () => get(port, '/')))
  for (const answer of after) {
    assert.ok(
      !before.has((JSON.parse(answer.body) as { pid: number }).pid),
      'an old worker answered',
    )
  }
  cli.child.kill('SIGTERM')
  assert.equal((await cli.exited).code, 0)
})

test('a worker that fails while loading stops the start: exit 1 with the error', async () => {
  const cli = await startCli(['start', fixture('broken.mjs'), '--port', '0', '--workers', '2'])
  started.push(cli)
  const { code } = await cli.exited
  assert.equal(code, 1)
  assert.match(cli.stderr, /the database is not there/)
  assert.ok(cli.line(/before listening: stopping/))
})
