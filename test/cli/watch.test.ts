import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { get } from './client.ts'
import { type Cli, removeBundle, startCli } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'arbor-cli-watch-'))
let cli: Cli | undefined
after(async () => {
  if (cli !== undefined && cli.child.exitCode === null) {
    cli.child.kill('SIGTERM')
    await cli.exited
  }
  rmSync(dir, { recursive: true, force: true })
  removeBundle()
})

const app = `import { word } from './word.mjs'
export default async function (app) {
  app.get('/', async () => ({ word }))
}
`
const word = (w: string) => `export const word = '${w}'\n`

test('--watch restarts the app when a module it imports changes', async () => {
  writeFileSync(join(dir, 'app.mjs'), app)
  writeFileSync(join(dir, 'word.mjs'), word('first'))
  cli = await startCli(['start', join(dir, 'app.mjs'), '--port', '0', '--watch'])
  const first = await cli.port(/^Server listening at/, 60_000)
  assert.deepEqual(JSON.parse((await get(first, '/')).body), { word: 'first' })
  writeFileSync(join(dir, 'word.mjs'), word('second'))
  await cli.until(() => cli!.count(/^Server listening at/) === 2, 'the restart', 60_000)
  const line = cli.lines.filter((l) => /^Server listening at/.test(String(l.msg)))[1]!
  const port = Number(/:(\d+)$/.exec(String(line.msg))![1])
  assert.deepEqual(JSON.parse((await get(port, '/')).body), { word: 'second' })
  cli.child.kill('SIGTERM')
  assert.equal((await cli.exited).code, 0)
})
