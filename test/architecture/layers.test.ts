import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { checkLayers } from '../../scripts/check-layers.ts'

const src = join(dirname(fileURLToPath(import.meta.url)), '../../src')

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-layers-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

test('src/ has no import cycle and every import points to its own layer or a lower one', () => {
  assert.deepEqual(checkLayers(src), [])
})

test('a type-only import cycle is reported, with the chain of files', (t) => {
  const root = tree({
    'request/reply.ts':
      "import type { Route } from './route.ts'\nexport type Reply = { route: Route }\n",
    'request/route.ts':
      "import type { Reply } from './reply.ts'\nexport type Route = { reply: Reply }\n",
  })
  t.after(() => rmSync(root, { recursive: true, force: true }))
  assert.deepEqual(checkLayers(root), [
    'import cycle among 2 file(s), for example: request/reply.ts -> request/route.ts -> request/reply.ts',
  ])
})

test('an import from a lower layer into a higher one is reported, naming both layers', (t) => {
  const root = tree({
    'lifecycle/pipeline.ts':
      "import { addRoute } from '../routing/routes.ts'\nexport const x = addRoute\n",
    'routing/routes.ts': 'export function addRoute(): void {}\n',
  })
  t.after(() => rmSync(root, { recursive: true, force: true }))
  assert.deepEqual(checkLayers(root), [
    'lifecycle/pipeline.ts (lifecycle) imports routing/routes.ts (routing), a higher layer',
  ])
})

test('a file outside every layer is reported, so a new folder gets a place in the picture', (t) => {
  const root = tree({ 'misc/thing.ts': 'export const a = 1\n' })
  t.after(() => rmSync(root, { recursive: true, force: true }))
  assert.deepEqual(checkLayers(root), [
    'misc/thing.ts: in no layer (add its folder to scripts/check-layers.ts)',
  ])
})

test('dynamic import() and export-from count as imports', (t) => {
  const root = tree({
    'schema/a.ts': "export { b } from '../request/b.ts'\n",
    'request/b.ts': "export const b = 1\nexport type C = import('../lifecycle/c.ts').C\n",
    'lifecycle/c.ts': 'export type C = number\n',
  })
  t.after(() => rmSync(root, { recursive: true, force: true }))
  assert.deepEqual(checkLayers(root), [
    'request/b.ts (request) imports lifecycle/c.ts (lifecycle), a higher layer',
    'schema/a.ts (schema and content) imports request/b.ts (request), a higher layer',
  ])
})

test('rooms of the context layer import their own room and lower ones: the loader no context, the core no instance method', (t) => {
  const root = tree({
    'context/loader/plugin-loader.ts':
      "import type { ContextState } from '../state.ts'\nexport type L = ContextState\n",
    'context/state.ts':
      "export type ContextState = { n: number }\nexport { m } from './methods/m.ts'\n",
    'context/methods/m.ts': 'export const m = 1\n',
  })
  t.after(() => rmSync(root, { recursive: true, force: true }))
  assert.deepEqual(checkLayers(root), [
    'context/loader/plugin-loader.ts (context/loader) imports context/state.ts (context), a higher room',
    'context/state.ts (context) imports context/methods/m.ts (context/methods), a higher room',
  ])
})
