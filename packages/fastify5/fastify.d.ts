// arbor's types for its Fastify 5 line (docs/typescript.md).
export * from 'arbor/fastify5'
export { default } from 'arbor/fastify5'
