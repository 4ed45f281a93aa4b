/**
 * A profile's first name has two writers (issue 16): the database's trigger on a new auth user
 * (private.handle_new_user) and the web app's createProfile, which sends shared's profileName of
 * the same full_name when the row is missing. Both must store the same name for every full_name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileName, randomAvatar } from '../../shared/profile/index.ts';
import { client, uniqueEmail } from './support/auth-client.ts';
import { startTestStack, type TestStack, testDatabases } from './support/stack.ts';

const FULL_NAMES: unknown[] = [
  'Ada Lovelace',
  '  Ada \t Lovelace\n',
  '',
  '   ',
  `${'a'.repeat(79)} bcd`,
  '😀'.repeat(81),
  '\u00a0Zoë\u3000Q\u00a0',
  42,
  true,
  null,
  { given: 'Ada' },
  undefined,
];

describe.each(testDatabases)('a new profile’s name on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(() => stack?.stop());

  it.each(FULL_NAMES.map((v) => [JSON.stringify(v) ?? 'no full_name', v]))(
    'full_name %s: the trigger and the web app store the same name',
    async (_, fullName) => {
      const c = client(stack);
      const email = uniqueEmail('name');
      const { data, error } = await c.auth.signUp({
        email,
        password: 'correct-horse-battery-9',
        options: fullName === undefined ? {} : { data: { full_name: fullName } },
      });
      expect(error).toBeNull();
      const id = data.user!.id;
      const read = async () => (await c.from('users').select('name').eq('id', id).single()).data?.name;

      const byTrigger = await read();
      expect(byTrigger).toBe(profileName(fullName));

      // The web app's path: the row is missing, so createProfile upserts it.
      await stack.ctx.db.query('delete from public.users where id = $1', [id]);
      const row = {
        id,
        email,
        name: profileName(fullName),
        avatar_url: randomAvatar(),
        subscription_status: false,
      };
      const upsert = await c.from('users').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
      expect(upsert.error).toBeNull();
      expect(await read()).toBe(byTrigger);
    },
  );
});
