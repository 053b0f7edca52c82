// arbor/client runs in browsers: it may take types from src/types/, and nothing else of arbor
// (docs/architecture.md, the client layer; check-layers keeps it below every server layer).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const folder = join(dirname(fileURLToPath(import.meta.url)), '../../src/client')

test('src/client imports only its own files, types from src/types/, and no package', () => {
  const found: string[] = []
  for (const name of readdirSync(folder)) {
    const text = readFileSync(join(folder, name), 'utf8')
    for (const match of text.matchAll(/^(import|export)( type)?[^'"]*from '([^']+)'/gm)) {
      const [, , typeOnly, specifier] = match
      if (specifier!.startsWith('./')) continue
      if (typeOnly !== undefined && specifier!.startsWith('../types/')) continue
      found.push(`${name}: ${match[0].replace(/\s+/g, ' ')}`)
    }
  }
  assert.deepEqual(found, [])
})
