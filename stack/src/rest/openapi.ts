import type { SchemaCache } from './schema.ts';

/** A small OpenAPI 2.0 description of the exposed tables, like PostgREST's root endpoint. */
export function openApi(schema: SchemaCache, baseUrl: string): string {
  const url = new URL(baseUrl);
  const paths: Record<string, unknown> = { '/': { get: { produces: ['application/openapi+json'] } } };
  const definitions: Record<string, unknown> = {};
  for (const table of schema.tables.values()) {
    paths[`/${table.name}`] = { get: {}, post: {}, patch: {}, delete: {} };
    definitions[table.name] = {
      type: 'object',
      required: table.columnList
        .filter((c) => c.notNull && c.default === null && !c.identity)
        .map((c) => c.name),
      properties: Object.fromEntries(table.columnList.map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const name of schema.routines.keys()) paths[`/rpc/${name}`] = { post: {}, get: {} };
  return JSON.stringify({
    swagger: '2.0',
    info: { title: 'PostgREST API (Larder local stack)', version: '12' },
    host: url.host,
    basePath: '/rest/v1',
    schemes: [url.protocol.replace(':', '')],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  });
}
