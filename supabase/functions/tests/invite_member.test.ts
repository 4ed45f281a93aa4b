import assert from 'node:assert/strict';
import { callFunction, newUser, SUPABASE_URL } from './_helpers.ts';

type Invite = { link: string; email: string | null; emailed: boolean; expires_at: string };
type ErrorAnswer = { error: string };
const SITE = 'http://localhost:5173';

/** The local outbox (CONTRACTS 2): what Auth's mail sent to one address. */
async function mailTo(address: string): Promise<{ subject: string; text: string; html: string }[]> {
  const res = await fetch(`${SUPABASE_URL}/_local/mail?to=${encodeURIComponent(address)}`);
  return await res.json();
}

Deno.test('invite-member makes a one-time link for the caller’s household', async () => {
  const owner = await newUser('owner');
  const answer = await callFunction<Invite>('invite-member', { token: owner.token, json: { site: SITE } });
  assert.equal(answer.status, 201, answer.text);
  assert.match(answer.body.link, /^http:\/\/localhost:5173\/join\/[0-9a-f]{64}$/);
  assert.equal(answer.body.emailed, false);

  const guest = await newUser('guest');
  const token = answer.body.link.split('/').pop()!;
  const joined = await guest.client.rpc('accept_household_invitation', { token });
  assert.equal(joined.error, null);
  const { data: members } = await guest.client
    .from('household_members')
    .select('user_id')
    .eq('household_id', joined.data);
  assert.deepEqual(members?.map((m) => m.user_id).sort(), [owner.id, guest.id].sort());
});

Deno.test('an e-mail invitation reaches someone with an account through Auth’s mail', async () => {
  const owner = await newUser('mailer');
  const friend = await newUser('friend');
  const answer = await callFunction<Invite>('invite-member', {
    token: owner.token,
    json: { email: ` ${friend.email.toUpperCase()} `, site: SITE },
  });
  assert.equal(answer.status, 201, answer.text);
  assert.equal(answer.body.email, friend.email);
  assert.equal(answer.body.emailed, true);
  const mails = await mailTo(friend.email);
  assert.equal(mails.length, 1);
  assert.ok(
    mails[0]!.text.includes(encodeURIComponent(answer.body.link)) ||
      mails[0]!.text.includes(answer.body.link),
    'the mail leads to the invitation page',
  );
});

Deno.test('an e-mail invitation to someone new is Auth’s invite', async () => {
  const owner = await newUser('newcomer-host');
  const address = `newcomer-${crypto.randomUUID()}@example.com`;
  const answer = await callFunction<Invite>('invite-member', {
    token: owner.token,
    json: { email: address, site: SITE },
  });
  assert.equal(answer.status, 201, answer.text);
  const mails = await mailTo(address);
  assert.equal(mails.length, 1);
  assert.match(mails[0]!.subject, /invited/i);
});

Deno.test('invite-member refuses bad input with 4xx and a clear message, saving nothing', async () => {
  const owner = await newUser('strict');
  const cases: [unknown, number, RegExp][] = [
    [{ email: 'not an address', site: SITE }, 400, /email/i],
    [{ site: 'javascript:alert(1)' }, 400, /site must be/],
    [{ site: `${SITE}/evil?x=1` }, 400, /site must be/],
    [{ email: 42, site: SITE }, 400, /./],
    [{}, 400, /site is required/],
    [{ email: owner.email, site: SITE }, 409, /already in your household/],
  ];
  for (const [json, status, message] of cases) {
    const answer = await callFunction<ErrorAnswer>('invite-member', { token: owner.token, json });
    assert.equal(answer.status, status, `${JSON.stringify(json)}: ${answer.text}`);
    assert.match(answer.body.error, message);
  }
  const { data } = await owner.client.from('household_invitations').select('id');
  assert.deepEqual(data, []);
  const anon = await callFunction<ErrorAnswer>('invite-member', { json: { site: SITE } });
  assert.equal(anon.status, 401);
});
