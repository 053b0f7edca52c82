// Keeps src/ in one-way layers (docs/architecture.md): no import cycle among its files,
// type-only imports included, and no import from a lower layer into a higher one.
// Usage: tsx scripts/check-layers.ts [root]   (root defaults to ./src)
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

/** The layers, bottom first: a file may import its own layer and those below it. */
export const layers: ReadonlyArray<{ name: string; paths: string[] }> = [
  { name: 'vocabulary', paths: ['errors.ts', 'errors/', 'types/'] },
  // the typed client (arbor/client): reads the route types, imports nothing that runs server-side
  { name: 'client', paths: ['client/'] },
  { name: 'config', paths: ['config/'] },
  { name: 'schema and content', paths: ['schema/', 'content/'] },
  { name: 'request', paths: ['request/'] },
  { name: 'lifecycle', paths: ['lifecycle/'] },
  { name: 'context', paths: ['context/'] },
  { name: 'routing', paths: ['routing/'] },
  { name: 'server', paths: ['server/'] },
  {
    name: 'entry',
    paths: [
      'index.ts',
      'bundle.ts',
      'commonjs.ts',
      'line-entry.ts',
      'fastify4.ts',
      'fastify5.ts',
      'plugins/',
      'internals/',
    ],
  },
  // the `arbor` command: a user of the public entry, as an app's own server.ts would be
  { name: 'cli', paths: ['cli/'] },
]

/**
 * Rooms inside a layer, bottom first, kept one-way as the layers are: a file of a room may
 * import its own room and those below it. A file belongs to the room of its longest path, so
 * `context/` is the context layer's middle room: the core (state, tree, instance) with hooks/,
 * decorators/ and inspect/, which refer to the core and it to them.
 */
export const rooms: ReadonlyArray<{ name: string; paths: string[] }> = [
  // runs queues of user functions with avvio's timing: it knows no context
  { name: 'context/loader', paths: ['context/loader/'] },
  { name: 'context', paths: ['context/'] },
  // the instance's per-concern methods, the layer's surface: server/create-app.ts installs them
  { name: 'context/methods', paths: ['context/methods/'] },
]

// `import … from`, `export … from`, side-effect `import '…'` and `import('…')` (types included).
const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (name.endsWith('.ts')) out.push(path)
  }
  return out
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

/** Relative imports of every file, as paths relative to the root (with `/`). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  const key = (file: string) => relative(root, file).split(sep).join('/')
  for (const file of sourceFiles(root)) {
    const targets = new Set<string>()
    for (const match of stripComments(readFileSync(file, 'utf8')).matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3]!
      if (!specifier.startsWith('.')) continue
      targets.add(key(resolve(dirname(file), specifier)))
    }
    graph.set(key(file), [...targets].sort())
  }
  return graph
}

export function layerOf(file: string): number {
  const index = layers.findIndex((layer) =>
    layer.paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)),
  )
  return index
}

/** The room of a file (-1 in none): the one whose path matches most of it. */
export function roomOf(file: string): number {
  let found = -1
  let longest = 0
  rooms.forEach((room, index) => {
    for (const path of room.paths) {
      if (file.startsWith(path) && path.length > longest) {
        found = index
        longest = path.length
      }
    }
  })
  return found
}

/** Strongly connected components with more than one file, or a file importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
        found.push(component.sort())
      }
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return found
}

/** One shortest cycle through the first file of a component: the chain a reader follows. */
function shortestCycle(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component)
  const start = component[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [start]
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

/** Every problem in the tree at `root`, one line each; empty when the layers hold. */
export function checkLayers(root: string): string[] {
  const graph = importGraph(root)
  const problems: string[] = []
  for (const component of cycles(graph)) {
    const path = shortestCycle(graph, component)
    problems.push(
      `import cycle among ${component.length} file(s), for example: ${path.join(' -> ')}`,
    )
  }
  for (const [file, targets] of graph) {
    const from = layerOf(file)
    if (from === -1) {
      problems.push(`${file}: in no layer (add its folder to scripts/check-layers.ts)`)
      continue
    }
    for (const target of targets) {
      const to = layerOf(target)
      if (to > from) {
        problems.push(
          `${file} (${layers[from]!.name}) imports ${target} (${layers[to]!.name}), a higher layer`,
        )
      }
      const fromRoom = roomOf(file)
      const toRoom = roomOf(target)
      if (fromRoom !== -1 && toRoom > fromRoom) {
        problems.push(
          `${file} (${rooms[fromRoom]!.name}) imports ${target} (${rooms[toRoom]!.name}), a higher room`,
        )
      }
    }
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? 'src')
  const problems = checkLayers(root)
  if (problems.length > 0) {
    for (const line of problems) console.error(line)
    console.error(`check-layers: ${problems.length} problem(s) in ${relative('.', root) || '.'}`)
    process.exit(1)
  }
  console.log(
    `check-layers: ${importGraph(root).size} files, no cycle, every import points down (rooms: ${rooms.map((room) => room.name).join(' < ')})`,
  )
}
