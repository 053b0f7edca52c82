import * as buffer from 'node:buffer'

// Node 20 and 22 decode UTF-8 without SIMD: a 1 MB JSON body took about 5 ms of `toString('utf8')`,
// 30% of its request (parsing and validating it included). Most bodies are ASCII, and ASCII
// decodes the same as UTF-8 or Latin-1; `isAscii` checks with SIMD and Latin-1 is a plain copy.
// Decided once: a runtime without `isAscii` decodes as UTF-8 always.
const isAscii = (buffer as { isAscii?: (input: Uint8Array) => boolean }).isAscii

/**
 * A request body's bytes as text, decoded as UTF-8 (invalid sequences become U+FFFD, a BOM is
 * kept): the same string `toString('utf8')` gives, faster when every byte is ASCII.
 */
export const bodyText: (body: Buffer) => string =
  isAscii === undefined
    ? (body) => body.toString('utf8')
    : (body) => (isAscii(body) ? body.toString('latin1') : body.toString('utf8'))
