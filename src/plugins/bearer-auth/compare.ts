import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest()

/**
 * Builds a constant-time matcher for a fixed set of keys. Both sides are hashed first so
 * `timingSafeEqual` always compares 32-byte digests (a key's length does not leak), and
 * every key is compared on every call (no early exit reveals which one matched).
 */
export function createKeyMatcher(keys: readonly string[]): (token: string) => boolean {
  const digests = keys.map(digest)
  return function matches(token) {
    const presented = digest(token)
    let found = 0
    for (let i = 0; i < digests.length; i++) {
      found |= Number(timingSafeEqual(digests[i]!, presented))
    }
    return found === 1
  }
}
