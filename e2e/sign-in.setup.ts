import { newUser, signUp, test } from './support/fixtures.ts';
import { JOURNEY_USER, SIGNED_IN_STATE } from './support/signed-in.ts';

test('the journeys’ user signs up once', async ({ page }) => {
  await signUp(page, newUser(JOURNEY_USER));
  await page.context().storageState({ path: SIGNED_IN_STATE });
});
