// bench/alloc-probe: what bench/lab/alloc.ts reads from a server process. Preloaded into a node:http
// server, it answers SIGUSR2 with one line on stderr: the requests the server received and the
// bytes its heap allocated (null on Node lines whose V8 does not report them).
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { test } from 'node:test'
import { typescriptChild } from '../helpers/typescript-child.ts'

const server = `
const http = require('node:http')
const s = http.createServer((req, res) => res.end('ok'))
s.listen(0, '127.0.0.1', () => console.log(s.address().port))
`

test('the allocation probe reports the requests a server received and its heap allocation', {
  skip: process.platform === 'win32' && 'no SIGUSR2 on Windows',
}, async () => {
  const probe = new URL('../../bench/lab/alloc-probe.ts', import.meta.url).href
  const child = spawn(process.execPath, [...typescriptChild, '--import', probe, '-e', server], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    const [first] = (await once(child.stdout, 'data')) as [Buffer]
    const port = Number(first.toString().trim())
    for (let i = 0; i < 3; i++) await (await fetch(`http://127.0.0.1:${port}/`)).text()
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.kill('SIGUSR2')
    while (!stderr.includes('\n')) await once(child.stderr, 'data')
    const { alloc } = JSON.parse(stderr.split('\n')[0]!) as {
      alloc: { requests: number; allocated: number | null }
    }
    assert.equal(alloc.requests, 3)
    assert.ok(alloc.allocated === null || alloc.allocated > 0, `allocated ${alloc.allocated}`)
  } finally {
    child.kill()
  }
})
