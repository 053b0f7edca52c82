'use strict'
// Fastify's lib/logger.js, mapped onto arbor (arbor/fastify-internals, docs/migrating-from-fastify.md).
module.exports = require('arbor/fastify-internals').logger
