import { resolve } from 'node:path';

/**
 * The browser state (supabase-js's stored session) of the one user the journeys share, written by
 * e2e/sign-in.setup.ts before they run (playwright.config.ts).
 */
export const SIGNED_IN_STATE = resolve(import.meta.dirname, '../../test-results/e2e-auth/journeys.json');

/** That user's first name, as their profile greets them. */
export const JOURNEY_USER = 'Jordan';
