import { get, HOST, type MalformedCase, post, refusalCorpus } from './corpus.ts'

const BODY = '{"name":"a"}' // 12 bytes, a body /json would accept
const CHUNKED = `c\r\n${BODY}\r\n0\r\n\r\n`
// What a smuggler hides after the body its front end sees: a second request.
const SMUGGLED = get('/ok')

function chunked(transferEncoding: string, body = CHUNKED): string {
  return post(`Transfer-Encoding: ${transferEncoding}\r\n`, body)
}

// RFC 9112 6.1 and 6.3: a request with both framings, or a Transfer-Encoding whose final
// coding is not chunked, is refused with 400 and the connection closed: no reading of it can
// be trusted to agree with a proxy in front.
const smuggling: MalformedCase[] = [
  {
    code: 'smuggling',
    name: 'Content-Length then Transfer-Encoding: chunked',
    raw: post('Content-Length: 5\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n'),
    status: 400,
  },
  {
    code: 'smuggling',
    name: 'Transfer-Encoding: chunked then Content-Length',
    raw: post('Transfer-Encoding: chunked\r\nContent-Length: 5\r\n', '0\r\n\r\n'),
    status: 400,
  },
  {
    code: 'smuggling',
    name: 'CL.TE: a request hidden after the zero chunk',
    raw: post(
      `Content-Length: ${5 + SMUGGLED.length}\r\nTransfer-Encoding: chunked\r\n`,
      `0\r\n\r\n${SMUGGLED}`,
    ),
    status: 400,
  },
  {
    code: 'smuggling',
    name: 'TE.CL: a request hidden inside a chunk',
    raw: post(
      'Transfer-Encoding: chunked\r\nContent-Length: 4\r\n',
      `${SMUGGLED.length.toString(16)}\r\n${SMUGGLED}\r\n0\r\n\r\n`,
    ),
    status: 400,
  },
  {
    code: 'smuggling',
    name: 'Transfer-Encoding and Content-Length: 0',
    raw: post('Transfer-Encoding: chunked\r\nContent-Length: 0\r\n', CHUNKED),
    status: 400,
  },
  ...[
    ['chunked, identity', 'chunked followed by identity'],
    ['identity', 'identity alone'],
    ['gzip', 'gzip alone'],
    ['xchunked', 'a prefixed chunked'],
    ['chunkedx', 'a suffixed chunked'],
    ['"chunked"', 'a quoted chunked'],
    ['chunked, chunked', 'chunked twice in one list'],
    ['', 'an empty value'],
    ['chunked\0', 'chunked and a NUL'],
  ].map(([value, name]) => ({
    code: 'smuggling',
    name: `Transfer-Encoding of ${name}: ${JSON.stringify(value)}`,
    raw: chunked(value!),
    status: 400,
  })),
  {
    code: 'smuggling',
    name: 'two Transfer-Encoding: chunked headers',
    raw: post('Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n', CHUNKED),
    status: 400,
  },
  {
    code: 'smuggling',
    name: 'Transfer-Encoding folded onto a second line',
    raw: post('Transfer-Encoding:\r\n chunked\r\n', CHUNKED),
    status: 400,
  },
  {
    code: 'smuggling',
    name: 'whitespace between Transfer-Encoding and its colon',
    raw: post('Transfer-Encoding : chunked\r\n', CHUNKED),
    status: 400,
  },
]

// RFC 9112 7.1: chunk-size is 1*HEXDIG, each chunk ends in CRLF, the body ends with a 0 chunk.
const chunks: MalformedCase[] = [
  ['zz\r\n{"name":"a"}\r\n0\r\n\r\n', 'a chunk size that is no hex'],
  ['-c\r\n{"name":"a"}\r\n0\r\n\r\n', 'a negative chunk size'],
  ['0xc\r\n{"name":"a"}\r\n0\r\n\r\n', 'a chunk size with a 0x prefix'],
  ['fffffffffffffffffff\r\n{"name":"a"}\r\n0\r\n\r\n', 'a chunk size past 2^64'],
  [' c\r\n{"name":"a"}\r\n0\r\n\r\n', 'a space before the chunk size'],
  ['\r\n{"name":"a"}\r\n0\r\n\r\n', 'an empty chunk-size line'],
  ['c\r\n{"name":"a"}XX0\r\n\r\n', 'chunk data not followed by CRLF'],
  ['2\r\n{"name":"a"}\r\n0\r\n\r\n', 'chunk data longer than its size'],
  ['c\n{"name":"a"}\n0\n\n', 'chunk lines ended by bare LF'],
  ['c;ext=\x01\r\n{"name":"a"}\r\n0\r\n\r\n', 'a control byte in a chunk extension'],
  [`c;${'e'.repeat(100_000)}\r\n{"name":"a"}\r\n0\r\n\r\n`, 'a 100 kB chunk extension'],
  ['c\r\n{"name":"a"}\r\n0\r\nBad Trailer\r\n\r\n', 'a trailer line without a colon'],
  ['c\r\n{"name":"a"}\r\n0\r\nX: a\0b\r\n\r\n', 'a NUL in a trailer value'],
].map(([body, name]) => ({ code: 'chunk', name: name!, raw: chunked('chunked', body) }))
chunks.push({
  code: 'chunk',
  name: 'a chunked body without its last chunk, then EOF',
  raw: chunked('chunked', `c\r\n${BODY}\r\n`),
  end: true,
})

// Bodies whose framing disagrees with what follows: the server must not take the extra bytes
// for a request of their own and answer it with 200, nor wait for bytes that never come.
const lying: MalformedCase[] = [
  {
    code: 'lying',
    name: 'Content-Length shorter than the body: the rest is no request',
    raw: post('Content-Length: 2\r\n', BODY),
  },
  {
    code: 'lying',
    name: 'Content-Length: 0 and a body: the body is no request',
    raw: post('Content-Length: 0\r\n', BODY),
  },
  {
    code: 'lying',
    name: 'Content-Length longer than the body, then EOF',
    raw: post('Content-Length: 50\r\n', BODY),
    end: true,
  },
  {
    code: 'lying',
    name: 'an HTTP/1.0 request with Content-Length longer than its body, then EOF',
    raw: `POST /json HTTP/1.0\r\n${HOST}Content-Type: application/json\r\nContent-Length: 50\r\n\r\n${BODY}`,
    end: true,
  },
  {
    code: 'limit',
    name: 'Content-Length above bodyLimit (1 MiB)',
    raw: post('Content-Length: 2000000\r\n', BODY),
    status: 413,
    errorCode: 'FST_ERR_CTP_BODY_TOO_LARGE',
  },
  {
    code: 'limit',
    name: 'a chunked body that grows past bodyLimit',
    raw: chunked(
      'chunked',
      `100000\r\n${'a'.repeat(0x100000)}\r\n100000\r\n${'a'.repeat(0x100000)}\r\n0\r\n\r\n`,
    ),
    status: 413,
    errorCode: 'FST_ERR_CTP_BODY_TOO_LARGE',
  },
]

refusalCorpus(
  'smuggling forms and broken framing get a 4xx or a close, leak nothing, and the server serves on',
  [...smuggling, ...chunks, ...lying],
)
