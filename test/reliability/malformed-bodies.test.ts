import { get, HOST, type MalformedCase, postJson, refusalCorpus } from './corpus.ts'

const DEPTH = 100_000

// Bodies /json cannot parse: 400 FST_ERR_CTP_INVALID_JSON_BODY (or _EMPTY_JSON_BODY).
const json: MalformedCase[] = [
  ['{"name":', 'a truncated object'],
  ['hello', 'a bare word'],
  ['{"name":"a"} x', 'trailing bytes after the value'],
  ["{'name':'a'}", 'single quotes'],
  ['{"name":NaN}', 'a NaN literal'],
  ['{"name":"a",}', 'a trailing comma'],
  ['{"name":"a\x01"}', 'a raw control byte inside a string'],
  [Buffer.from('{"name":"a"}', 'utf16le').toString('latin1'), 'UTF-16 bytes'],
].map(([body, name]) => ({
  code: 'json',
  name: `a JSON body with ${name}`,
  raw: postJson(body!),
  status: 400,
  errorCode: 'FST_ERR_CTP_INVALID_JSON_BODY',
}))
json.push({
  code: 'json',
  name: 'an empty JSON body',
  raw: postJson(''),
  status: 400,
  errorCode: 'FST_ERR_CTP_EMPTY_JSON_BODY',
})

// 100,000 levels of nesting: parsed without a stack overflow, then refused by the schema.
const depth: MalformedCase[] = [
  ['['.repeat(DEPTH), 'an unterminated array nested 100,000 deep', 'FST_ERR_CTP_INVALID_JSON_BODY'],
  ['['.repeat(DEPTH) + ']'.repeat(DEPTH), 'an array nested 100,000 deep', 'FST_ERR_VALIDATION'],
  [
    `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
    'an object nested 100,000 deep',
    'FST_ERR_VALIDATION',
  ],
  [
    '{"a":'.repeat(DEPTH),
    'an unterminated object nested 100,000 deep',
    'FST_ERR_CTP_INVALID_JSON_BODY',
  ],
].map(([body, name, errorCode]) => ({
  code: 'depth',
  name: name!,
  raw: postJson(body!),
  status: 400,
  errorCode: errorCode!,
}))

// Media types and codings the JSON route does not take.
const media: MalformedCase[] = [
  ['application/xml', 'a media type with no parser'],
  [';;;', 'a content type that is no media type'],
  ['application/json; charset=utf-16', 'JSON in a charset other than UTF-8'],
].map(([type, name]) => ({
  code: 'media',
  name: `${name}: ${type}`,
  raw: postJson('{"name":"a"}', type),
  status: 415,
  errorCode: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
}))
media.push(
  {
    code: 'media',
    name: 'a body without Content-Type',
    raw: `POST /json HTTP/1.1\r\n${HOST}Content-Length: 12\r\n\r\n{"name":"a"}`,
    status: 415,
    errorCode: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  },
  {
    code: 'encoding',
    name: 'Content-Encoding: gzip on bytes that are no gzip',
    raw: postJson('\x1f\x8b\x08\x00garbage', 'application/json', 'Content-Encoding: gzip\r\n'),
  },
)

// Prototype-poisoning keys in a JSON body (the query-string forms: prototype-pollution.test.ts).
const poison: MalformedCase[] = [
  ['{"name":"a","__proto__":{"polluted":1}}', 'a __proto__ key'],
  ['{"name":"a","\\u005f_proto__":{"polluted":1}}', 'an escaped __proto__ key'],
  ['{"name":"a","constructor":{"prototype":{"polluted":1}}}', 'a constructor.prototype key'],
].map(([body, name]) => ({
  code: 'poison',
  name: `a JSON body with ${name}`,
  raw: postJson(body!),
  status: 400,
  errorCode: 'FST_ERR_CTP_PROTO_POISONING',
}))

// Values the route schemas refuse, in each part of the request: 400 FST_ERR_VALIDATION.
const validation: MalformedCase[] = [
  ['/users/abc', 'a word for an integer parameter'],
  ['/users/1.5', 'a fraction for an integer parameter'],
  ['/users/NaN', 'NaN for an integer parameter'],
  ['/users/%00', 'an encoded NUL for an integer parameter'],
  ['/users/', 'an empty integer parameter'],
  ['/items?limit=abc', 'a word for a number in the query'],
  ['/items?limit=NaN', 'NaN for a number in the query'],
  ['/items?limit=%zz', 'broken percent-encoding for a number in the query'],
  ['/items?limit=1&limit=2', 'a repeated number in the query'],
].map(([target, name]) => ({
  code: 'validation',
  name: `${name}: ${target}`,
  raw: get(target!),
  status: 400,
  errorCode: 'FST_ERR_VALIDATION',
}))
validation.push(
  ...[
    ['x-limit: abc\r\n', 'a word for a number in a header'],
    ['', 'a required header left out'],
  ].map(([headers, name]) => ({
    code: 'validation',
    name: name!,
    raw: get('/limited', headers),
    status: 400,
    errorCode: 'FST_ERR_VALIDATION',
  })),
  ...[
    ['{"name":{}}', 'an object for a string property'],
    ['{}', 'a required property left out'],
    ['[1,2]', 'an array for the object body'],
    ['null', 'null for the object body'],
    ['{"name":"a","n":"x"}', 'a word for a number property'],
    // JSON.parse reads 1e400 as Infinity, which is no JSON Schema number
    ['{"name":"a","n":1e400}', 'a number that overflows to Infinity'],
  ].map(([body, name]) => ({
    code: 'validation',
    name: `a JSON body with ${name}`,
    raw: postJson(body!),
    status: 400,
    errorCode: 'FST_ERR_VALIDATION',
  })),
)

refusalCorpus(
  'malformed and hostile bodies and values get a 4xx, leak nothing, and the server serves on',
  [...json, ...depth, ...media, ...poison, ...validation],
)
