'use strict'
// Fastify 5.12.1's factory: arbor's Fastify 5 line, with every export on it, as require('fastify').
module.exports = require('arbor/fastify5')
