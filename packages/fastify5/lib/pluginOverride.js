'use strict'
// Fastify's lib/pluginOverride.js, mapped onto arbor (arbor/fastify-internals, docs/migrating-from-fastify.md).
module.exports = require('arbor/fastify-internals').pluginOverride
