import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import type { AuthMethod } from './sessions.ts';

const CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

/** GoTrue's validatePKCEParams (internal/api/pkce.go); true when the request is a PKCE flow. */
export function checkPkceParams(method: string, challenge: string): boolean {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return false;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!CHALLENGE.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  if (!['s256', 'plain'].includes(method.toLowerCase())) {
    throw badRequest('validation_failed', `unsupported code_challenge method "${method}"`);
  }
  return true;
}

/** generateFlowState: remembers the challenge until the mailed link is followed. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  challengeMethod: string,
  challenge: string,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, gen_random_uuid()::text, $2::auth.code_challenge_method, $3, $4, $4, now(), now())`,
    [userId, challengeMethod.toLowerCase(), challenge, method],
  );
}

/** issueAuthCode: the auth code of the user's latest flow for `method`. */
export async function issueAuthCode(tx: Queryable, userId: string, method: AuthMethod): Promise<string> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, method],
  );
  if (!rows[0]) throw unprocessable('flow_state_not_found', 'No valid flow state found for user.');
  return rows[0].auth_code;
}

export interface ExchangedFlow {
  userId: string;
  method: AuthMethod;
}

/** The PKCE grant's checks (internal/api/token.go PKCE); the flow state is spent. */
export async function exchangeAuthCode(
  tx: Queryable,
  authCode: string,
  verifier: string,
  expirySeconds: number,
): Promise<ExchangedFlow> {
  if (!authCode || !verifier) {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const { rows } = await tx.query<{
    id: string;
    user_id: string | null;
    code_challenge_method: string;
    code_challenge: string;
    authentication_method: AuthMethod;
    expired: boolean;
  }>(
    `select id::text, user_id::text, code_challenge_method::text, code_challenge, authentication_method,
            now() > coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at)
                    + make_interval(secs => $2) as expired
       from auth.flow_state where auth_code = $1 for update`,
    [authCode, expirySeconds],
  );
  const flow = rows[0];
  if (!flow?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  const expected =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (expected !== flow.code_challenge) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
