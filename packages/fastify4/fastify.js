'use strict'
// Fastify 4.25.2's factory: arbor's Fastify 4 line, with every export on it, as require('fastify').
module.exports = require('arbor/fastify4')
