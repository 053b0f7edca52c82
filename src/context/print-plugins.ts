import type { ContextState } from './state.ts'

/**
 * The context tree as text, one line per context with its plugin name and load time:
 *   root
 *   ├── auth 1 ms
 *   └── public 0 ms
 *       └── grandchild 0 ms
 */
export function printPlugins(state: ContextState): string {
  const lines = [label(state)]
  appendChildren(state, '', lines)
  return `${lines.join('\n')}\n`
}

function appendChildren(state: ContextState, indent: string, lines: string[]): void {
  state.children.forEach((child, index) => {
    const last = index === state.children.length - 1
    lines.push(`${indent}${last ? '└── ' : '├── '}${label(child)}`)
    appendChildren(child, `${indent}${last ? '    ' : '│   '}`, lines)
  })
}

function label(state: ContextState): string {
  const time = state.loadTime === undefined ? '' : ` ${Math.round(state.loadTime)} ms`
  const prefix =
    state.prefix !== '' && state.prefix !== state.parent?.prefix ? ` (prefix ${state.prefix})` : ''
  return `${state.name}${prefix}${time}`
}
