import type { Ajv } from 'ajv'
import { requireLazily } from '../config/lazy-require.ts'
import type { JSONSchema } from '../types/schema.ts'

// Whether a schema can be left uncompiled at ready (compileSchemas: 'lazy'): arbor vouches
// for it only when it is certain that compiling it later cannot fail. A schema it cannot
// vouch for is compiled at ready as before, so a broken one still fails there, with the
// compiler's own message and the route named. The checks are cheap: a meta-schema validation,
// known keywords and formats, and every `$ref` found.

/**
 * Keywords of draft-07 Ajv compiles without a strict-mode error of its own making (given the
 * rules below); any other keyword (a plugin's, `nullable`, `if`, tuples, ...) means compile now.
 */
const ajvKeywords = new Set([
  '$id',
  '$schema',
  '$ref',
  '$comment',
  '$async',
  'definitions',
  '$defs',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
])

/** Keywords under which Ajv compiles a "composite rule", where a `default` is a strict error. */
const compositeKeywords = new Set(['anyOf', 'oneOf', 'not'])

/** fast-json-stringify builds an Ajv validator or merges schemas for these: compile now. */
const fjsRefused = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependencies',
  'dependentSchemas',
])

/** Past this many objects in one schema, it is compiled at ready rather than checked. */
const MAX_NODES = 10_000

type MetaValidator = ((schema: unknown) => boolean) | null

/**
 * fast-json-stringify's own draft-07 meta-schema check, the one its build runs first; loaded
 * with the first response schema. null when the package is laid out otherwise: every response
 * schema is then compiled at ready.
 */
let fjsMetaValidator: MetaValidator | undefined

function fjsMeta(): MetaValidator {
  if (fjsMetaValidator === undefined) {
    try {
      fjsMetaValidator = requireLazily('fast-json-stringify/lib/schema-validator') as MetaValidator
    } catch {
      fjsMetaValidator = null
    }
  }
  return fjsMetaValidator
}

/** The shared schemas (addSchema) a compiler resolves `$ref`s against. */
export class SharedSchemas {
  private readonly byId = new Map<string, JSONSchema>()
  private readonly vouched = new Map<string, boolean>()

  constructor(shared: Iterable<JSONSchema>) {
    // Only ids written as plain documents ('user', 'http://x/y.json'): a `$ref` to any other
    // form is left to the compiler, at ready.
    for (const schema of shared) {
      if (typeof schema.$id === 'string' && !schema.$id.includes('#')) {
        this.byId.set(schema.$id, schema)
      }
    }
  }

  get(uri: string): JSONSchema | undefined {
    return this.byId.get(uri)
  }

  /** Vouches for a shared schema once (it is compiled with the route that refers to it). */
  vouch(uri: string, check: (schema: JSONSchema) => boolean): boolean {
    let known = this.vouched.get(uri)
    if (known === undefined) {
      // A schema referring to itself is vouched for while its check runs.
      this.vouched.set(uri, true)
      const schema = this.byId.get(uri)
      known = schema !== undefined && check(schema)
      this.vouched.set(uri, known)
    }
    return known
  }
}

/** Whether `ajv.compile(schema)` is certain to succeed, by the rules above. */
export function ajvVouches(ajv: Ajv, schema: JSONSchema, shared: SharedSchemas): boolean {
  const opts = ajv.opts as unknown as Record<string, unknown>
  // Options that add compile-time errors of their own: compile every schema at ready.
  if (
    opts.strictTypes === true ||
    opts.strictTuples === true ||
    opts.strictRequired === true ||
    opts.$data === true ||
    opts.schemaId !== '$id'
  ) {
    return false
  }
  const check = (root: JSONSchema, isShared: boolean): boolean => {
    try {
      if (!ajv.validateSchema(root)) return false
    } catch {
      return false // e.g. an unknown $schema
    }
    // "default is ignored in the schema root" is a strict error.
    if (root.default !== undefined) return false
    return (
      walk(root, (node, composite) => {
        for (const key in node) {
          if (!ajvKeywords.has(key) || ajv.getKeyword(key) === false) return false
        }
        if (composite && node.default !== undefined) return false
        if (node !== root && node.$async !== undefined) return false
        if (typeof node.format === 'string' && ajv.formats[node.format] === undefined) return false
        return true
      }) && refsResolve(root, shared, (uri) => shared.vouch(uri, (s) => check(s, true)), isShared)
    )
  }
  return check(schema, false)
}

/** Whether fast-json-stringify's build of `schema` is certain to succeed. */
export function fjsVouches(schema: JSONSchema, shared: SharedSchemas): boolean {
  const meta = fjsMeta()
  if (meta === null) return false
  const check = (root: JSONSchema, isShared: boolean): boolean => {
    try {
      if (!meta(root)) return false
    } catch {
      return false
    }
    let nestedId = false
    const ok = walk(root, (node) => {
      for (const key in node) if (fjsRefused.has(key)) return false
      if (node !== root && node.$id !== undefined) nestedId = true
      return true
    })
    return (
      ok &&
      !nestedId &&
      refsResolve(
        root,
        shared,
        (uri) => shared.vouch(`fjs:${uri}`, (s) => check(s, true)),
        isShared,
      )
    )
  }
  return check(schema, false)
}

/**
 * Visits every subschema where a validator looks for keywords; `visit` returns false to stop.
 * `composite` is true below anyOf, oneOf and not.
 */
function walk(root: JSONSchema, visit: (node: JSONSchema, composite: boolean) => boolean): boolean {
  const stack: Array<[unknown, boolean]> = [[root, false]]
  let budget = MAX_NODES
  while (stack.length > 0) {
    const [value, composite] = stack.pop()!
    if (typeof value === 'boolean') continue
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
    // A subschema used twice is visited twice; an object graph with a cycle exhausts this.
    if (--budget < 0) return false
    const node = value as JSONSchema
    if (!visit(node, composite)) return false
    for (const key in node) {
      const child = node[key]
      const inComposite = composite || compositeKeywords.has(key)
      switch (key) {
        case 'properties':
        case 'patternProperties':
        case 'definitions':
        case '$defs':
        case 'dependencies':
        case 'dependentSchemas':
          if (typeof child !== 'object' || child === null) return false
          for (const sub of Object.values(child)) {
            // `dependencies` may list property names instead of a schema
            if (!(key === 'dependencies' && Array.isArray(sub))) stack.push([sub, inComposite])
          }
          break
        case 'items':
        case 'allOf':
        case 'anyOf':
        case 'oneOf':
          if (Array.isArray(child)) for (const sub of child) stack.push([sub, inComposite])
          else stack.push([child, inComposite])
          break
        case 'additionalProperties':
        case 'additionalItems':
        case 'not':
        case 'if':
        case 'then':
        case 'else':
        case 'contains':
        case 'propertyNames':
          stack.push([child, inComposite])
          break
      }
    }
  }
  return true
}

/**
 * Whether every `$ref` of the schema points at something: a part of this schema, or a shared
 * schema (itself vouched for by `vouchShared`). A `$ref` this cannot follow counts as broken.
 */
function refsResolve(
  root: JSONSchema,
  shared: SharedSchemas,
  vouchShared: (uri: string) => boolean,
  isShared: boolean,
): boolean {
  const base = typeof root.$id === 'string' ? documentOf(root.$id) : ''
  if (isShared && base === '') return false
  // Every object in the schema is looked at, keywords' values included: a `$ref` or `$id`
  // in data (`default`, `enum`) only makes arbor compile at ready, never the other way round.
  const stack: unknown[] = [root]
  let budget = MAX_NODES
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node !== 'object' || node === null) continue
    if (--budget < 0) return false
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item)
      continue
    }
    const schema = node as JSONSchema
    // a nested $id (a resource or an anchor) changes where refs resolve: not followed here
    if (schema !== root && schema.$id !== undefined) return false
    if (schema.$ref !== undefined && !refResolves(schema.$ref, base, root, shared, vouchShared)) {
      return false
    }
    for (const key in schema) stack.push(schema[key])
  }
  return true
}

function refResolves(
  ref: unknown,
  base: string,
  root: JSONSchema,
  shared: SharedSchemas,
  vouchShared: (uri: string) => boolean,
): boolean {
  if (typeof ref !== 'string') return false
  const target =
    base === '' ? ref : (requireLazily('fast-uri') as typeof import('fast-uri')).resolve(base, ref)
  const hash = target.indexOf('#')
  const document = documentOf(target)
  const fragment = hash === -1 ? '' : target.slice(hash + 1)
  let doc: JSONSchema | undefined = root
  if (document !== base) {
    doc = shared.get(document)
    if (doc === undefined || !vouchShared(document)) return false
  }
  return fragment === '' || pointer(doc, fragment) !== undefined
}

/** The document part of a URI: no fragment. */
function documentOf(uri: string): string {
  const hash = uri.indexOf('#')
  return hash === -1 ? uri : uri.slice(0, hash)
}

/** Follows a JSON pointer fragment (`/a/b`); undefined when a step is missing. */
function pointer(doc: JSONSchema, fragment: string): unknown {
  if (fragment === '/') return doc
  if (fragment[0] !== '/') return undefined // an anchor: not followed here
  let at: unknown = doc
  for (const raw of fragment.slice(1).split('/')) {
    let step: string
    try {
      step = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    } catch {
      return undefined
    }
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, step)) return undefined
    at = (at as Record<string, unknown>)[step]
  }
  return at
}
