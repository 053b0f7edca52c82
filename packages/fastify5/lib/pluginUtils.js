'use strict'
// Fastify's lib/pluginUtils.js, mapped onto arbor (arbor/fastify-internals, docs/migrating-from-fastify.md).
module.exports = require('arbor/fastify-internals').pluginUtils
