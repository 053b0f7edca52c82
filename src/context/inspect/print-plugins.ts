import type { PluginNode } from '../loader/plugin-record.ts'
import { type ContextState, stateOf } from '../state.ts'

/**
 * The plugin tree as text, one line per plugin with its name and load time; plugins wrapped
 * with plugin() are marked, since they share their parent's context. The root is named
 * `bound root`, as in Fastify:
 *   bound root
 *   ├── auth 1 ms
 *   └── public 0 ms
 *       └── grandchild (wrapped) 0 ms
 */
export function printPlugins(state: ContextState): string {
  const tree = state.root.loader.rootNode
  const lines = [tree.name]
  appendChildren(tree, '', lines)
  return `${lines.join('\n')}\n`
}

function appendChildren(node: PluginNode, indent: string, lines: string[]): void {
  node.children.forEach((child, index) => {
    const last = index === node.children.length - 1
    lines.push(`${indent}${last ? '└── ' : '├── '}${label(child, node)}`)
    appendChildren(child, `${indent}${last ? '    ' : '│   '}`, lines)
  })
}

function label(node: PluginNode, parent: PluginNode): string {
  const wrapped = node.encapsulated ? '' : ' (wrapped)'
  const own = prefixOf(node)
  const prefix = own !== '' && own !== prefixOf(parent) ? ` (prefix ${own})` : ''
  const time = node.loadTime === undefined ? '' : ` ${Math.round(node.loadTime)} ms`
  return `${node.name}${wrapped}${prefix}${time}`
}

function prefixOf(node: PluginNode): string {
  return node.instance === undefined ? '' : stateOf(node.instance).prefix
}
