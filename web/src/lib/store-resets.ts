/**
 * What a sign-out or a change of household clears. Each store adds its own reset when its module
 * loads, so a store the session never loaded has nothing to clear, and the app's first load need
 * not carry every list's code to be able to clear it.
 */
type Scope = 'person' | 'household';

const resets: Record<Scope, Set<() => void>> = { person: new Set(), household: new Set() };

/** `household`: the household's lists; `person`: what is the signed-in person's own. */
export function onReset(scope: Scope, reset: () => void): void {
  resets[scope].add(reset);
}

/** Leaving a household (or switching) leaves nothing of its lists on screen. */
export function resetHouseholdStores(): void {
  for (const reset of resets.household) reset();
}

/** After sign-out nothing of the previous user stays in memory for the next one to see. */
export function resetStores(): void {
  resetHouseholdStores();
  for (const reset of resets.person) reset();
}
