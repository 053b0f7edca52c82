// jest in its default CommonJS mode with no transform and without `--experimental-vm-modules`:
// jest's own module system, which has no require(esm), loads every file. This is how jest runs
// a CommonJS project's tests on every Node line (test/ecosystem-stand-in/jest-cjs.test.ts).
'use strict'

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testRegex: '\\.test\\.cjs$',
  transform: {},
}
