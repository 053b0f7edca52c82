import { get, HOST, type MalformedCase, refusalCorpus } from './corpus.ts'

// An HTTP version the server does not speak may get 505 instead of 400 (RFC 9110 15.6.6).
const VERSION = [505]

function line(requestLine: string): string {
  return `${requestLine}\r\n${HOST}\r\n`
}

const requestLines: MalformedCase[] = [
  { code: 'line', name: 'request line without a target', raw: 'GET\r\n\r\n' },
  { code: 'line', name: 'a token after the version', raw: line('GET /ok HTTP/1.1 extra') },
  { code: 'line', name: 'whitespace before the method', raw: line(' GET /ok HTTP/1.1') },
  { code: 'line', name: 'tabs between the parts', raw: line('GET\t/ok\tHTTP/1.1') },
  { code: 'line', name: 'a bare CR inside the request line', raw: line('GET /ok\r HTTP/1.1') },
  { code: 'line', name: 'a trailing space and no version', raw: line('GET /ok ') },
  { code: 'line', name: 'lines ended by bare LF', raw: 'GET /ok HTTP/1.1\nHost: localhost\n\n' },
  { code: 'line', name: 'a NUL before the method', raw: line('\0GET /ok HTTP/1.1') },
  { code: 'line', name: 'empty lines only, then EOF', raw: '\r\n\r\n', end: true },
  { code: 'line', name: 'plain text that is no HTTP', raw: 'hello world\r\n\r\n' },
  {
    code: 'line',
    name: 'a TLS ClientHello on the plain port',
    raw: '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03',
  },
  {
    code: 'line',
    name: 'the HTTP/2 connection preface',
    raw: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    alsoAllowed: VERSION,
  },
  {
    code: 'size',
    name: 'a 70 kB request line',
    raw: line(`GET /${'a'.repeat(70_000)} HTTP/1.1`),
    status: 431,
  },
]

const methods: MalformedCase[] = [
  { code: 'method', name: 'lower-case method', raw: line('get /ok HTTP/1.1') },
  { code: 'method', name: 'mixed-case method', raw: line('Post /json HTTP/1.1') },
  { code: 'method', name: 'unknown method', raw: line('FOO /ok HTTP/1.1') },
  { code: 'method', name: 'a known method with a suffix', raw: line('GETS /ok HTTP/1.1') },
  { code: 'method', name: 'a known method with a digit', raw: line('GET1 /ok HTTP/1.1') },
  { code: 'method', name: 'a separator in the method', raw: line('G@T /ok HTTP/1.1') },
  { code: 'method', name: 'an empty method', raw: line(' /ok HTTP/1.1') },
  { code: 'method', name: 'a NUL inside the method', raw: line('GE\0T /ok HTTP/1.1') },
  { code: 'method', name: 'a non-ASCII byte in the method', raw: line('G\xc9T /ok HTTP/1.1') },
  { code: 'method', name: 'a 5,000-byte method', raw: line(`${'A'.repeat(5000)} /ok HTTP/1.1`) },
  // node:http hands CONNECT to a 'connect' listener; with none, the socket is closed.
  {
    code: 'method',
    name: 'CONNECT to a server that tunnels nothing',
    raw: line('CONNECT x:80 HTTP/1.1'),
  },
]

const versions: MalformedCase[] = [
  ['HTTP/3.0', 'a version from the future'],
  ['HTTP/1.2', 'a minor version that does not exist'],
  ['HTTP/9.9', 'a major version that does not exist'],
  ['HTTP/1.10', 'a two-digit minor version'],
  ['HTTP/11', 'a version without its dot'],
  ['HTTP/1.', 'a version without its minor digit'],
  ['HTTP/', 'a version without digits'],
  ['HTTP/a.b', 'letters for version digits'],
  ['HTTP/1.1.1', 'a version with three parts'],
  ['HTTPS/1.1', 'HTTPS as the protocol name'],
  ['http/1.1', 'a lower-case protocol name'],
].map(([version, name]) => ({
  code: 'version',
  name: `${name}: ${version}`,
  raw: line(`GET /ok ${version}`),
  alsoAllowed: VERSION,
}))
// No space before the version: node:http reads an HTTP/0.9 line for the path "/okHTTP/1.1".
versions.push({
  code: 'version',
  name: 'the version glued to the target',
  raw: line('GET /okHTTP/1.1'),
  alsoAllowed: VERSION,
})

refusalCorpus(
  'malformed request lines get a 4xx or a close, leak nothing, and the server serves on',
  [...requestLines, ...methods, ...versions],
)

// Targets that are no path: find-my-way and node:http refuse them before any route runs.
const targets: MalformedCase[] = [
  { code: 'target', name: 'a space inside the target', raw: line('GET /o k HTTP/1.1') },
  { code: 'target', name: 'a NUL in the target', raw: line('GET /ok\0 HTTP/1.1') },
  { code: 'target', name: 'a control byte in the target', raw: line('GET /\x01 HTTP/1.1') },
  { code: 'target', name: 'a DEL byte in the target', raw: line('GET /\x7f HTTP/1.1') },
  { code: 'target', name: 'a raw non-ASCII byte in the target', raw: line('GET /\xff HTTP/1.1') },
  { code: 'target', name: 'a target without its leading slash', raw: line('GET ok HTTP/1.1') },
  { code: 'target', name: 'the asterisk form on GET', raw: get('*'), status: 404 },
  {
    code: 'target',
    name: 'an absolute form without authority',
    raw: get('http://'),
    status: 400,
    errorCode: 'FST_ERR_BAD_URL',
  },
  { code: 'size', name: 'a 70 kB path', raw: get(`/${'a'.repeat(70_000)}`), status: 431 },
  {
    code: 'size',
    name: 'a 17 kB path, just over the header limit',
    raw: get(`/${'a'.repeat(17_000)}`),
    status: 431,
  },
  {
    code: 'size',
    name: 'an 8 kB path that matches no route',
    raw: get(`/${'a'.repeat(8000)}`),
    status: 404,
  },
  {
    code: 'size',
    name: 'a parameter longer than maxParamLength',
    raw: get(`/users/${'1'.repeat(300)}`),
    status: 404,
  },
]

// Broken percent-encoding in the path: 400 FST_ERR_BAD_URL, as Fastify answers.
const percent: MalformedCase[] = [
  ['/%', 'a lone percent sign'],
  ['/ok%', 'a percent sign at the end of a route path'],
  ['/%zz', 'non-hex digits after the percent sign'],
  ['/ok%G0', 'a non-hex first digit'],
  ['/%0', 'a single hex digit'],
  ['/%FF', 'a byte that is no UTF-8'],
  ['/ok/%C0%AF', 'an overlong UTF-8 slash'],
  ['/users/%zz', 'non-hex digits in a parameter'],
  ['/users/%E0%A4%A', 'a truncated UTF-8 sequence in a parameter'],
  ['/users/%C0%AF', 'an overlong UTF-8 sequence in a parameter'],
  ['/users/%ED%A0%80', 'an encoded UTF-16 surrogate in a parameter'],
  ['/users/%FF', 'a byte that is no UTF-8 in a parameter'],
].map(([target, name]) => ({
  code: 'percent',
  name: `${name}: ${target}`,
  raw: get(target!),
  status: 400,
  errorCode: 'FST_ERR_BAD_URL',
}))

refusalCorpus(
  'malformed request targets get a 4xx or a close, leak nothing, and the server serves on',
  [...targets, ...percent],
)
