export { type ConnectionFault, connectionFault, RETRY_AFTER_SECONDS } from './faults.ts';
export { type OpenDbOptions, type OpenedDb, openDb } from './open.ts';
export { API_ROLES, type JwtClaims, UnknownRoleError, withClaims } from './request.ts';
export type { Db, DbKind, ListenEvents, Queryable, QueryResult } from './types.ts';
