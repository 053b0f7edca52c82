// jest in CommonJS mode, as a NestJS 12 project sets it up (`nest new`): the test files are
// compiled to CommonJS, and NestJS's own packages, ES modules, are loaded through jest's
// require(esm) (`node --experimental-vm-modules`, Node 24.9+). @swc/jest compiles TypeScript with
// decorator metadata, as the NestJS docs' SWC recipe does.
'use strict'
const path = require('node:path')

// `fastify` as this application installed it: a package linked from elsewhere would otherwise
// resolve `fastify` from its own real path. With a flat node_modules (npm's `overrides`) every
// package already sees this one.
const fastify = path.dirname(require.resolve('fastify/package.json', { paths: [__dirname] }))

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  moduleFileExtensions: ['js', 'json', 'ts'],
  testRegex: '.*\\.e2e-spec\\.ts$',
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2023',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^fastify$': fastify,
    '^fastify/(.*)$': `${fastify}/$1`,
  },
}
