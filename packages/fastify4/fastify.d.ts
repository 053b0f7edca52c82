// arbor's types for its Fastify 4 line (docs/typescript.md).
export * from 'arbor/fastify4'
export { default } from 'arbor/fastify4'
