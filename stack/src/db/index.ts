export { connectionFault, RETRY_AFTER_SECONDS } from './faults.ts';
export { openDb } from './open.ts';
export { API_ROLES, type JwtClaims, UnknownRoleError, withClaims } from './request.ts';
export type { Db, Queryable } from './types.ts';
