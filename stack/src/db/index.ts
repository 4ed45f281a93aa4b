export { type OpenDbOptions, type OpenedDb, openDb } from './open.ts';
export { API_ROLES, type JwtClaims, UnknownRoleError, withClaims } from './request.ts';
export type { Db, DbKind, Queryable, QueryResult } from './types.ts';
