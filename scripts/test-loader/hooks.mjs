// Module hooks of the test loader (register.mjs): `.ts` files load as ES modules, transformed by
// transform.cjs; everything else is Node's own.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const { compile } = createRequire(import.meta.url)('./transform.cjs')

const typescript = (url) => url.startsWith('file:') && /\.[mc]?ts$/.test(url)

function compiled(url) {
  const filename = fileURLToPath(url)
  return {
    format: 'module',
    source: compile(filename, readFileSync(filename, 'utf8')),
    shortCircuit: true,
  }
}

/** Off-thread load hook (module.register, Node 20). */
export async function load(url, context, next) {
  return typescript(url) ? compiled(url) : next(url, context)
}

/** In-thread load hook (module.registerHooks, Node 22.15+): require() of a .ts file too. */
export function loadSync(url, context, next) {
  return typescript(url) ? compiled(url) : next(url, context)
}
