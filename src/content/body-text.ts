import * as buffer from 'node:buffer'

// Node 20 and 22 decode UTF-8 without SIMD: a 1 MB JSON body took about 5 ms of `toString('utf8')`,
// 30% of its request (parsing and validating it included). Most bodies are ASCII, and ASCII
// decodes the same as UTF-8 or Latin-1; `isAscii` checks with SIMD and Latin-1 is a plain copy.
// Node 24 and later (and Bun) decode UTF-8 with SIMD already, as fast as the copy: there the
// detour gains nothing, and from about 1 MB node makes the Latin-1 string an external one,
// which V8 frees only at a full collection. Decided once, for the process.
const isAscii = (buffer as { isAscii?: (input: Uint8Array) => boolean }).isAscii
const slowUtf8 =
  isAscii !== undefined &&
  process.versions.bun === undefined &&
  Number(process.versions.node.split('.')[0]) < 24

/**
 * A request body's bytes as text, decoded as UTF-8 (invalid sequences become U+FFFD, a BOM is
 * kept): the same string `toString('utf8')` gives, faster on Node 20 and 22 when every byte
 * is ASCII.
 */
export const bodyText: (body: Buffer) => string = slowUtf8
  ? (body) => (isAscii!(body) ? body.toString('latin1') : body.toString('utf8'))
  : (body) => body.toString('utf8')
