import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { GuestOnly, RequireSession } from './guards.tsx';
import { HomeScreen } from './screens/home.tsx';

// Screens load on demand so the first page stays small (bench/web.bench.ts watches this).
const screen = {
  signUpForm: () => import('./screens/sign-up.tsx'),
  forgotPassword: () => import('./screens/forgot-password.tsx'),
  resetPassword: () => import('./screens/reset-password.tsx'),
  privacyPolicy: () => import('./screens/privacy-policy.tsx'),
  termsOfService: () => import('./screens/terms-of-service.tsx'),
  recipes: () => import('./screens/recipes.tsx'),
  recipeDetail: () => import('./screens/recipe-detail.tsx'),
  recipeEditor: () => import('./screens/recipe-editor.tsx'),
  recipeImport: () => import('./screens/recipe-import.tsx'),
  favourites: () => import('./screens/favourites.tsx'),
  planner: () => import('./screens/planner.tsx'),
  week: () => import('./screens/week.tsx'),
  cooks: () => import('./screens/cooks.tsx'),
  pantry: () => import('./screens/pantry.tsx'),
  cook: () => import('./screens/cook.tsx'),
  shopping: () => import('./screens/shopping.tsx'),
  prices: () => import('./screens/prices.tsx'),
  priceImports: () => import('./screens/price-imports.tsx'),
  ingredientPrices: () => import('./screens/ingredient-prices.tsx'),
  profile: () => import('./screens/profile.tsx'),
  household: () => import('./screens/household.tsx'),
  join: () => import('./screens/join.tsx'),
  notFound: () => import('./screens/not-found.tsx'),
};
const SignUpForm = lazy(screen.signUpForm);
const ForgotPassword = lazy(screen.forgotPassword);
const ResetPassword = lazy(screen.resetPassword);
const PrivacyPolicy = lazy(screen.privacyPolicy);
const TermsOfService = lazy(screen.termsOfService);
const Recipes = lazy(screen.recipes);
const RecipeDetail = lazy(screen.recipeDetail);
const RecipeEditor = lazy(screen.recipeEditor);
const RecipeImport = lazy(screen.recipeImport);
const Favourites = lazy(screen.favourites);
const Planner = lazy(screen.planner);
const Week = lazy(screen.week);
const Cooks = lazy(screen.cooks);
const Pantry = lazy(screen.pantry);
const Cook = lazy(screen.cook);
const Shopping = lazy(screen.shopping);
const Prices = lazy(screen.prices);
const PriceImports = lazy(screen.priceImports);
const IngredientPrices = lazy(screen.ingredientPrices);
const Profile = lazy(screen.profile);
const Household = lazy(screen.household);
const Join = lazy(screen.join);
const NotFound = lazy(screen.notFound);

/** The screen each fixed path opens, to fetch its code before the app has drawn anything. */
const SCREEN_AT: Record<string, () => Promise<unknown>> = {
  [paths.home]: screen.recipes,
  [paths.recipes]: screen.recipes,
  [paths.favourites]: screen.favourites,
  [paths.planner]: screen.planner,
  [paths.week]: screen.week,
  [paths.cooks]: screen.cooks,
  [paths.pantry]: screen.pantry,
  [paths.cook]: screen.cook,
  [paths.shopping]: screen.shopping,
  [paths.prices]: screen.prices,
  [paths.priceImports]: screen.priceImports,
  [paths.profile]: screen.profile,
  [paths.household]: screen.household,
  [paths.importRecipes]: screen.recipeImport,
  [paths.newRecipe]: screen.recipeEditor,
};

/**
 * Starts fetching the code of the screen a path opens, as the app starts: a link straight to a
 * screen then brings its code alongside the app's rather than after the app has drawn, and the
 * fetch is not started from inside a render (where it made one long task of it).
 */
export function preloadScreen(path: string): void {
  void SCREEN_AT[path]?.().catch(() => undefined);
}

/**
 * A screen only a signed-in user sees (spec 2); `children` may read the path's parameters. No
 * path: every location, for the 404 last in the Switch.
 */
function PrivateRoute({
  path,
  children,
}: {
  path?: string;
  children: ReactNode | ((params: Record<string, string | undefined>) => ReactNode);
}) {
  return (
    <Route path={path}>
      {(params: Record<string, string | undefined>) => (
        <RequireSession>{typeof children === 'function' ? children(params) : children}</RequireSession>
      )}
    </Route>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path={paths.signIn}>
          <GuestOnly>
            <SignInForm />
          </GuestOnly>
        </Route>
        <Route path={paths.signUp}>
          <GuestOnly>
            <SignUpForm />
          </GuestOnly>
        </Route>
        <Route path={paths.forgotPassword} component={ForgotPassword} />
        <Route path={paths.resetPassword} component={ResetPassword} />
        <Route path={paths.privacyPolicy} component={PrivacyPolicy} />
        <Route path={paths.termsOfService} component={TermsOfService} />
        <Route path={paths.home} component={HomeScreen} />
        <PrivateRoute path={paths.newRecipe}>
          <RecipeEditor />
        </PrivateRoute>
        <PrivateRoute path={paths.importRecipes}>
          <RecipeImport />
        </PrivateRoute>
        <PrivateRoute path="/recipes/:id/edit">{(p) => <RecipeEditor id={p.id} />}</PrivateRoute>
        <PrivateRoute path="/recipes/:id">{(p) => <RecipeDetail id={p.id!} />}</PrivateRoute>
        <PrivateRoute path={paths.recipes}>
          <Recipes />
        </PrivateRoute>
        <PrivateRoute path={paths.favourites}>
          <Favourites />
        </PrivateRoute>
        <PrivateRoute path={paths.week}>
          <Week />
        </PrivateRoute>
        <PrivateRoute path={paths.planner}>
          <Planner />
        </PrivateRoute>
        <PrivateRoute path={paths.cooks}>
          <Cooks />
        </PrivateRoute>
        <PrivateRoute path={paths.cook}>
          <Cook />
        </PrivateRoute>
        <PrivateRoute path={paths.pantry}>
          <Pantry />
        </PrivateRoute>
        <PrivateRoute path={paths.shopping}>
          <Shopping />
        </PrivateRoute>
        <PrivateRoute path={paths.priceImports}>
          <PriceImports />
        </PrivateRoute>
        <PrivateRoute path="/prices/:id">{(p) => <IngredientPrices id={p.id!} />}</PrivateRoute>
        <PrivateRoute path={paths.prices}>
          <Prices />
        </PrivateRoute>
        <PrivateRoute path={paths.profile}>
          <Profile />
        </PrivateRoute>
        <PrivateRoute path={paths.household}>
          <Household />
        </PrivateRoute>
        <PrivateRoute path="/join/:token">{(p) => <Join token={p.token!} />}</PrivateRoute>
        <PrivateRoute>
          <NotFound />
        </PrivateRoute>
      </Switch>
    </Suspense>
  );
}
