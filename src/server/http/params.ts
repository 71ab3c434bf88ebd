/**
 * What a route answers when its path does not name a record: the schema of
 * each path id (domain/schemas IdParams, RevisionParams) refuses anything but
 * a whole number from 1 to 2147483647, and the error handler answers that
 * refusal with 404 and the message the route names here for the parameter
 * ('No se encontró la publicación'), as it would for a number that names no
 * record.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 404 detail for each path parameter that fails its schema. */
    notFound?: Record<string, string>;
  }
}

/** Route config naming the 404 detail of `{id}` (and of other path parameters). */
export const notFoundAs = (id: string, others: Record<string, string> = {}) => ({ notFound: { id, ...others } });
