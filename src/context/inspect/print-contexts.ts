import type {
  ContextDescription,
  InspectedCompilers,
  InspectedItem,
  PrintContextsOptions,
  RouteDescription,
} from '../../types/inspect.ts'

// The context inspector as text: the tree (printContexts) and one route (printRoute).
// docs/encapsulation.md "Inspecting the tree" shows both on the three-context example.

type Row = [label: string, value: string]

const LABEL_WIDTH = 22

/** `a, b (from root)`: an item of another context is marked with where it comes from. */
function listIn(items: InspectedItem[], here: string, inherited: boolean): string {
  return items
    .filter((item) => inherited || item.context === here)
    .map((item) =>
      item.context === here || item.context === null
        ? item.name
        : `${item.name} (from ${item.context})`,
    )
    .join(', ')
}

/** `a (root), b (route)`: every item with its origin, as a route sees them. */
function listWithOrigin(items: InspectedItem[]): string {
  return items
    .map((item) => (item.context === null ? item.name : `${item.name} (${item.context})`))
    .join(', ')
}

function isDefaultCompilers(compilers: InspectedCompilers): boolean {
  return Object.values(compilers).every((item: InspectedItem) => item.context === null)
}

function compilerRows(
  compilers: InspectedCompilers,
  list: (items: InspectedItem[]) => string,
): Row[] {
  return [
    ['validator compiler', list([compilers.validator])],
    ['serializer compiler', list([compilers.serializer])],
    ['schema error formatter', list([compilers.schemaErrorFormatter])],
  ]
}

/** The rows of one context, empty ones left out. */
function contextRows(node: ContextDescription, parentPrefix: string, inherited: boolean): Row[] {
  const here = node.name
  const list = (items: InspectedItem[]) => listIn(items, here, inherited)
  const rows: Row[] = []
  if (node.prefix !== '' && (inherited || node.prefix !== parentPrefix)) {
    rows.push(['prefix', node.prefix])
  }
  if (node.wrappedPlugins.length > 0) rows.push(['wrapped plugins', node.wrappedPlugins.join(', ')])
  for (const [kind, items] of Object.entries(node.hooks)) rows.push([`${kind} hooks`, list(items)])
  rows.push(['instance decorators', list(node.decorators.instance)])
  rows.push(['request decorators', list(node.decorators.request)])
  rows.push(['reply decorators', list(node.decorators.reply)])
  rows.push(['shared schemas', list(node.schemas)])
  rows.push(['error handler', list([node.errorHandler])])
  rows.push(['not-found handler', list([node.notFoundHandler])])
  rows.push(['content-type parsers', list(node.parsers)])
  if (!isDefaultCompilers(node.compilers)) rows.push(...compilerRows(node.compilers, list))
  rows.push(['routes', groupRoutes(node.routes)])
  return rows.filter((row) => row[1] !== '')
}

/** `GET, HEAD /one`: the methods of one URL together, in registration order. */
function groupRoutes(routes: string[]): string {
  const byUrl = new Map<string, string[]>()
  for (const route of routes) {
    const space = route.indexOf(' ')
    const url = route.slice(space + 1)
    byUrl.set(url, [...(byUrl.get(url) ?? []), route.slice(0, space)])
  }
  return [...byUrl].map(([url, methods]) => `${methods.join(', ')} ${url}`).join('; ')
}

function row([label, value]: Row): string {
  return `${label.padEnd(LABEL_WIDTH)} ${value}`
}

/**
 * The context tree, each context with what it registered and (unless `inherited: false`)
 * what it inherits, marked `(from <context>)`:
 *   root
 *   │   request decorators     answer
 *   └── publicChild
 *           request decorators     answer (from root), foo
 */
export function printContexts(
  tree: ContextDescription,
  options: PrintContextsOptions = {},
): string {
  const inherited = options.inherited !== false
  const lines: string[] = []
  const visit = (node: ContextDescription, parentPrefix: string, head: string, body: string) => {
    lines.push(head + node.name)
    const detail = body + (node.children.length > 0 ? '│   ' : '    ')
    for (const r of contextRows(node, parentPrefix, inherited)) {
      lines.push((detail + row(r)).trimEnd())
    }
    node.children.forEach((child, index) => {
      const last = index === node.children.length - 1
      visit(child, node.prefix, body + (last ? '└── ' : '├── '), body + (last ? '    ' : '│   '))
    })
  }
  visit(tree, '', '', '')
  return `${lines.join('\n')}\n`
}

/** What one route sees: hooks in run order, decorators, handlers, schemas, parsers, compilers. */
export function printRoute(route: RouteDescription): string {
  const rows: Row[] = [['contexts', route.contexts.join(' > ')]]
  const hookKinds = Object.entries(route.hooks)
  if (hookKinds.length === 0) rows.push(['hooks', '(none)'])
  for (const [kind, items] of hookKinds) rows.push([`${kind} hooks`, listWithOrigin(items)])
  rows.push(['instance decorators', listWithOrigin(route.decorators.instance)])
  rows.push(['request decorators', listWithOrigin(route.decorators.request)])
  rows.push(['reply decorators', listWithOrigin(route.decorators.reply)])
  rows.push([
    'error handlers',
    route.errorHandlers.map((item) => listWithOrigin([item])).join(' → '),
  ])
  rows.push(['shared schemas', listWithOrigin(route.schemas)])
  rows.push(['content-type parsers', listWithOrigin(route.parsers)])
  rows.push(...compilerRows(route.compilers, listWithOrigin))
  const body = rows.map(([label, value]) => `    ${row([label, value === '' ? '(none)' : value])}`)
  return `${route.method} ${route.url}\n${body.join('\n')}\n`
}
