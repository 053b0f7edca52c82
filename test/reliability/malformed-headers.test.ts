import { get, HOST, type MalformedCase, post, refusalCorpus } from './corpus.ts'

/** GET /ok with one extra header line, written as sent (without its CRLF). */
function withHeader(headerLine: string): string {
  return get('/ok', `${headerLine}\r\n`)
}

const names: MalformedCase[] = [
  { code: 'header', name: 'a header line without a colon', raw: withHeader('Foo') },
  { code: 'header', name: 'whitespace between name and colon', raw: withHeader('Foo : x') },
  { code: 'header', name: 'an empty header name', raw: withHeader(': x') },
  { code: 'header', name: 'a space inside a header name', raw: withHeader('Foo Bar: x') },
  { code: 'header', name: 'a separator inside a header name', raw: withHeader('Fo(o: x') },
  { code: 'header', name: 'a non-ASCII byte in a header name', raw: withHeader('F\xf6o: x') },
  { code: 'ctl', name: 'a NUL in a header name', raw: withHeader('Fo\0o: x') },
  { code: 'ctl', name: 'a control byte in a header name', raw: withHeader('Fo\x01o: x') },
  { code: 'ctl', name: 'a DEL byte in a header name', raw: withHeader('Foo\x7f: x') },
  {
    code: 'header',
    name: 'a header line ended by bare LF',
    raw: `GET /ok HTTP/1.1\r\nHost: localhost\n\r\n`,
  },
  {
    code: 'header',
    name: 'a header line ended by bare CR',
    raw: `GET /ok HTTP/1.1\r\nHost: localhost\r\rX: y\r\n\r\n`,
  },
  {
    code: 'header',
    name: 'a header block cut short, then EOF',
    raw: `GET /ok HTTP/1.1\r\n${HOST}X: y`,
    end: true,
  },
]

const values: MalformedCase[] = [
  ['\0', 'a NUL'],
  ['\r', 'a bare CR'],
  ['\n', 'a bare LF'],
  ['\x01', 'a SOH byte'],
  ['\x1b', 'an ESC byte'],
  ['\x1f', 'a unit-separator byte'],
  ['\x7f', 'a DEL byte'],
].map(([byte, name]) => ({
  code: 'ctl',
  name: `${name} inside a header value`,
  raw: withHeader(`X-Value: a${byte}b`),
}))

// RFC 9112 5.2: obs-fold is refused with 400 (or unfolded; node:http refuses).
const folds: MalformedCase[] = [
  {
    code: 'fold',
    name: 'a value folded onto a line starting with a space',
    raw: withHeader('X-Value: a\r\n b'),
  },
  {
    code: 'fold',
    name: 'a value folded onto a line starting with a tab',
    raw: withHeader('X-Value: a\r\n\tb'),
  },
  {
    code: 'fold',
    name: 'a folded line before any header',
    raw: `GET /ok HTTP/1.1\r\n folded\r\n${HOST}\r\n`,
  },
  {
    code: 'fold',
    name: 'a folded Host header',
    raw: 'GET /ok HTTP/1.1\r\nHost:\r\n localhost\r\n\r\n',
  },
  {
    code: 'fold',
    name: 'a folded Content-Length',
    raw: post('Content-Length:\r\n 12\r\n', '{"name":"a"}'),
  },
]

// node:http's header limit is 16 kB: above it, 431.
const sizes: MalformedCase[] = [
  {
    code: 'size',
    name: 'a 20 kB header value',
    raw: withHeader(`X-Big: ${'a'.repeat(20_000)}`),
    status: 431,
  },
  {
    code: 'size',
    name: 'a 70 kB header value',
    raw: withHeader(`X-Big: ${'a'.repeat(70_000)}`),
    status: 431,
  },
  {
    code: 'size',
    name: 'a 20 kB header name',
    raw: withHeader(`${'X'.repeat(20_000)}: v`),
    status: 431,
  },
  {
    code: 'size',
    name: '3,000 small headers',
    raw: get('/ok', Array.from({ length: 3000 }, (_, i) => `X-${i}: v\r\n`).join('')),
    status: 431,
  },
  {
    code: 'size',
    name: '200 headers of 100 bytes each',
    raw: get(
      '/ok',
      Array.from({ length: 200 }, (_, i) => `X-${i}: ${'v'.repeat(100)}\r\n`).join(''),
    ),
    status: 431,
  },
]

// RFC 9112 3.2: an HTTP/1.1 request without Host gets 400.
const hosts: MalformedCase[] = [
  {
    code: 'host',
    name: 'an HTTP/1.1 request without Host',
    raw: 'GET /ok HTTP/1.1\r\n\r\n',
    status: 400,
  },
]

// RFC 9110 8.6: Content-Length is 1*DIGIT; a list or a repeat that disagrees is a framing error.
const lengths: MalformedCase[] = [
  ['abc', 'letters'],
  ['-1', 'a negative number'],
  ['1.5', 'a fraction'],
  ['+2', 'a plus sign'],
  ['0x2', 'hex'],
  ['1 5', 'a space between digits'],
  ['99999999999999999999', 'a number past 2^64'],
  ['', 'an empty value'],
  ['2, 2', 'a list of equal values'],
  ['2, 3', 'a list of different values'],
].map(([value, name]) => ({
  code: 'length',
  name: `Content-Length of ${name}: ${JSON.stringify(value)}`,
  raw: post(`Content-Length: ${value}\r\n`, '{}'),
  status: 400,
}))
lengths.push(
  {
    code: 'length',
    name: 'two equal Content-Length headers',
    raw: post('Content-Length: 2\r\nContent-Length: 2\r\n', '{}'),
    status: 400,
  },
  {
    code: 'length',
    name: 'two different Content-Length headers',
    raw: post('Content-Length: 2\r\nContent-Length: 3\r\n', '{}'),
    status: 400,
  },
  {
    code: 'length',
    name: 'a malformed Content-Length on a GET',
    raw: withHeader('Content-Length: abc'),
    status: 400,
  },
)

refusalCorpus('malformed headers get a 4xx or a close, leak nothing, and the server serves on', [
  ...names,
  ...values,
  ...folds,
  ...sizes,
  ...hosts,
  ...lengths,
])
