import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { tooManyRequests } from './errors.ts';
import { authSettings, authUrl } from './settings.ts';
import { generateOtp, PKCE_PREFIX, tokenHash } from './tokens.ts';
import type { UserRow } from './users.ts';

/** The verification types GoTrue puts in mailed links (internal/mailer). */
export type LinkType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'reauthentication_token';

interface MailKind {
  column: TokenColumn;
  sentAt: string;
  ottType: string;
  subject: string;
  heading: string;
  body: string;
  action: string;
}

/** Subjects and wording of GoTrue's default templates (internal/mailer/templatemailer). */
const KINDS: Record<LinkType | 'reauthentication', MailKind> = {
  signup: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    ottType: 'confirmation_token',
    subject: 'Confirm your email address',
    heading: 'Confirm your email address',
    body: 'Follow the link below to confirm this email address and finish signing up.',
    action: 'Confirm email address',
  },
  invite: {
    column: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    ottType: 'confirmation_token',
    subject: "You've been invited",
    heading: "You've been invited",
    body: "You've been invited to create an account. Follow the link below to accept.",
    action: 'Accept invitation',
  },
  recovery: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    ottType: 'recovery_token',
    subject: 'Reset your password',
    heading: 'Reset your password',
    body: 'We received a request to reset your password. Follow the link below to choose a new one.',
    action: 'Reset password',
  },
  magiclink: {
    column: 'recovery_token',
    sentAt: 'recovery_sent_at',
    ottType: 'recovery_token',
    subject: 'Your sign-in link',
    heading: 'Your sign-in link',
    body: 'Follow the link below to sign in. This link expires shortly and can only be used once.',
    action: 'Sign in',
  },
  email_change: {
    column: 'email_change_token_new',
    sentAt: 'email_change_sent_at',
    ottType: 'email_change_token_new',
    subject: 'Confirm your new email address',
    heading: 'Confirm your new email address',
    body: 'Follow the link below to confirm this address as your new email address.',
    action: 'Confirm new email address',
  },
  reauthentication: {
    column: 'reauthentication_token',
    sentAt: 'reauthentication_sent_at',
    ottType: 'reauthentication_token',
    subject: 'Your verification code',
    heading: 'Your verification code',
    body: 'Use the code below to verify your identity. It expires shortly.',
    action: '',
  },
};

const SENT_AT: Record<string, keyof UserRow> = {
  confirmation_sent_at: 'confirmation_sent_at',
  recovery_sent_at: 'recovery_sent_at',
  email_change_sent_at: 'email_change_sent_at',
  reauthentication_sent_at: 'reauthentication_sent_at',
};

/** GoTrue's validateSentWithinFrequencyLimit: one mail of a kind per max_frequency. */
function checkFrequency(ctx: StackContext, user: UserRow, sentAtColumn: string): void {
  const sentAt = user[SENT_AT[sentAtColumn]!] as number | null;
  const frequency = authSettings(ctx).emailMaxFrequency;
  if (sentAt === null || frequency <= 0) return;
  const left = sentAt + frequency - Date.now() / 1000;
  if (left > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(left)} seconds.`,
    );
  }
}

export interface IssuedToken {
  otp: string;
  hashedToken: string;
  actionLink: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Stores a fresh one-time token for `kind` on the user (its users column and
 * auth.one_time_tokens, as GoTrue) and returns the code, its hash and the /verify link.
 */
export async function issueEmailToken(
  ctx: StackContext,
  tx: Queryable,
  user: UserRow,
  kind: LinkType | 'reauthentication',
  options: { redirectTo: string; pkce?: boolean; address?: string; checkFrequency?: boolean },
): Promise<IssuedToken> {
  const spec = KINDS[kind];
  if (options.checkFrequency !== false) checkFrequency(ctx, user, spec.sentAt);
  const address = (options.address ?? user.email ?? '').toLowerCase();
  const otp = generateOtp(authSettings(ctx).otpLength);
  const hashedToken = tokenHash(address, otp);
  const stored = options.pkce ? PKCE_PREFIX + hashedToken : hashedToken;
  const invited = kind === 'invite' ? ', invited_at = now()' : '';
  await tx.query(
    `update auth.users set ${spec.column} = $2, ${spec.sentAt} = now()${invited} where id = $1`,
    [user.id, stored],
  );
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [user.id, spec.ottType, stored, address],
  );
  const linkType = kind === 'reauthentication' ? '' : kind;
  // GoTrue's getPath: token, type, redirect_to, in that order.
  const actionLink = linkType
    ? `${authUrl(ctx)}/verify?token=${encodeURIComponent(stored)}&type=${linkType}&redirect_to=${encodeURIComponent(options.redirectTo)}`
    : '';
  return { otp, hashedToken: stored, actionLink };
}

/**
 * Issues the token and queues the mail; `withMail` hands it to the outbox (`/_local/mail`)
 * only once the transaction has committed, so no mail carries a token that was rolled back.
 */
export async function sendEmail(
  ctx: StackContext,
  tx: MailingTx,
  user: UserRow,
  kind: LinkType | 'reauthentication',
  options: { redirectTo: string; pkce?: boolean; address?: string },
): Promise<void> {
  const spec = KINDS[kind];
  const issued = await issueEmailToken(ctx, tx, user, kind, options);
  const to = options.address ?? user.email ?? '';
  const codeLine = `Or enter this code: ${issued.otp}`;
  const text = issued.actionLink
    ? `${spec.heading}\n\n${spec.body}\n\n${spec.action}: ${issued.actionLink}\n\n${codeLine}\n`
    : `${spec.heading}\n\n${spec.body}\n\n${issued.otp}\n`;
  const html = issued.actionLink
    ? `<h2>${spec.heading}</h2>\n<p>${escapeHtml(spec.body)}</p>\n<p><a href="${escapeHtml(issued.actionLink)}">${spec.action}</a></p>\n<p>${codeLine}</p>`
    : `<h2>${spec.heading}</h2>\n<p>${escapeHtml(spec.body)}</p>\n<p>${issued.otp}</p>`;
  const subject = kind === 'reauthentication' ? `${issued.otp} is your verification code` : spec.subject;
  tx.outbox.push({ to, subject, text, html, links: issued.actionLink ? [issued.actionLink] : [] });
}

export type MailingTx = Queryable & { outbox: OutgoingMail[] };

/** Runs fn in one transaction (as the auth tables' owner) and sends its mails after commit. */
export async function withMail<T>(ctx: StackContext, fn: (tx: MailingTx) => Promise<T>): Promise<T> {
  const outbox: OutgoingMail[] = [];
  const result = await ctx.db.transaction((tx) =>
    fn({ query: tx.query.bind(tx), exec: tx.exec.bind(tx), outbox } as MailingTx),
  );
  for (const message of outbox) ctx.mail.send(message);
  return result;
}
