/**
 * GoTrue's error: an HTTP status, one of its `ErrorCode`s (supabase/auth
 * internal/api/apierrors/errorcode.go) and its message, verbatim where GoTrue has one.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string): AuthError => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string): AuthError => new AuthError(401, code, message);
export const forbidden = (code: string, message: string): AuthError => new AuthError(403, code, message);
export const notFound = (code: string, message: string): AuthError => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string): AuthError => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string): AuthError =>
  new AuthError(429, code, message);

/** GoTrue's messages that more than one handler uses. */
export const MESSAGES = {
  invalidLogin: 'Invalid login credentials',
  duplicateEmail: 'A user with this email address has already been registered',
  emailLinkInvalid: 'Email link is invalid or has expired',
  tokenInvalid: 'Token has expired or is invalid',
  rateLimited: 'Request rate limit reached',
} as const;
