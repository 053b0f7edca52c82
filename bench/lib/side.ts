// One side of a paired comparison: a framework name (fastify5, node, ...) runs that framework's
// server, anything else is an arbor entry file (a .ts one under tsx). The server is pinned to
// the server core and its answers are checked before it is loaded.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { compiled } from './build.ts'
import { type Child, canPin, startChild } from './child.ts'
import { FRAMEWORKS } from './frameworks.ts'
import { checkAnswers } from './load.ts'
import type { Scenario } from './scenario.ts'

export interface SideServer {
  child: Child
  pid: number
  port: number
}

export async function startSide(
  side: string,
  scenario: Scenario,
  nodeFlags: string[] = [],
): Promise<SideServer> {
  const peer = FRAMEWORKS.some((f) => f.name === side && f.name !== 'arbor')
  const child = startChild({
    file: compiled(`servers/${peer ? side : 'arbor'}`),
    args: [scenario.name],
    cpu: canPin ? 1 : undefined,
    nodeFlags: [...(!peer && side.endsWith('.ts') ? ['--import', 'tsx'] : []), ...nodeFlags],
    env: peer ? {} : { ARBOR_ENTRY: pathToFileURL(resolve(side)).href },
  })
  const ready = await child.firstJson(30_000)
  const server = { child, pid: Number(ready.pid), port: Number(ready.port) }
  const wrong = await checkAnswers(server.port, scenario.requests)
  if (wrong) throw new Error(`${side}: wrong answer: ${wrong}`)
  return server
}
