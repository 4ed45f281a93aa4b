/** Every route of the app, in one place (spec 2 for the public ones). */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  recipes: '/recipes',
  newRecipe: '/recipes/new',
  importRecipes: '/recipes/import',
  recipe: (id: string): string => `/recipes/${encodeURIComponent(id)}`,
  editRecipe: (id: string): string => `/recipes/${encodeURIComponent(id)}/edit`,
  favourites: '/favourites',
  planner: '/planner',
  week: '/planner/week',
  cooks: '/cooks',
  pantry: '/pantry',
  cook: '/pantry/cook',
  shopping: '/shopping',
  profile: '/profile',
  household: '/household',
  join: (token: string): string => `/join/${encodeURIComponent(token)}`,
  prices: '/prices',
  priceImports: '/prices/imports',
  ingredientPrices: (id: number): string => `/prices/${encodeURIComponent(String(id))}`,
} as const;

/** Only same-site paths are followed after sign-in, so a crafted link cannot send people elsewhere. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return paths.home;
  if (target === paths.signIn || target === paths.signUp) return paths.home;
  return target;
}
