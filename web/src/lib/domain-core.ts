/**
 * The light rules of shared/ that the first page needs (profile, dates, recipe de-duplication),
 * imported by path so the unit and pricing tables load only with the recipe screens
 * (bench/web.bench.ts measures the first load). Everything else comes through `domain.ts`.
 */
export { formatDuration, mealWindow } from '../../../shared/dates/index.ts';
export { AVATARS, avatarUrl, displayName, randomAvatar } from '../../../shared/profile/index.ts';
export { dedupeRecipes } from '../../../shared/recipes/index.ts';
