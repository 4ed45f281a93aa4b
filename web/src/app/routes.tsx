import { type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { GuestOnly, RequireSession } from './guards.tsx';
import { type LazyScreen, lazyScreen } from './lazy-screen.tsx';
import { HomeScreen } from './screens/home.tsx';

// Screens load on demand so the first page stays small (bench/web.bench.ts watches this).
const screen = {
  signUpForm: lazyScreen(() => import('./screens/sign-up.tsx')),
  forgotPassword: lazyScreen(() => import('./screens/forgot-password.tsx')),
  resetPassword: lazyScreen(() => import('./screens/reset-password.tsx')),
  privacyPolicy: lazyScreen(() => import('./screens/privacy-policy.tsx')),
  termsOfService: lazyScreen(() => import('./screens/terms-of-service.tsx')),
  recipes: lazyScreen(() => import('./screens/recipes.tsx')),
  recipeDetail: lazyScreen(() => import('./screens/recipe-detail.tsx')),
  recipeEditor: lazyScreen(() => import('./screens/recipe-editor.tsx')),
  recipeImport: lazyScreen(() => import('./screens/recipe-import.tsx')),
  favourites: lazyScreen(() => import('./screens/favourites.tsx')),
  planner: lazyScreen(() => import('./screens/planner.tsx')),
  week: lazyScreen(() => import('./screens/week.tsx')),
  cooks: lazyScreen(() => import('./screens/cooks.tsx')),
  pantry: lazyScreen(() => import('./screens/pantry.tsx')),
  cook: lazyScreen(() => import('./screens/cook.tsx')),
  shopping: lazyScreen(() => import('./screens/shopping.tsx')),
  prices: lazyScreen(() => import('./screens/prices.tsx')),
  priceImports: lazyScreen(() => import('./screens/price-imports.tsx')),
  ingredientPrices: lazyScreen(() => import('./screens/ingredient-prices.tsx')),
  profile: lazyScreen(() => import('./screens/profile.tsx')),
  household: lazyScreen(() => import('./screens/household.tsx')),
  join: lazyScreen(() => import('./screens/join.tsx')),
  notFound: lazyScreen(() => import('./screens/not-found.tsx')),
};
const SignUpForm = screen.signUpForm.Component;
const ForgotPassword = screen.forgotPassword.Component;
const ResetPassword = screen.resetPassword.Component;
const PrivacyPolicy = screen.privacyPolicy.Component;
const TermsOfService = screen.termsOfService.Component;
const Recipes = screen.recipes.Component;
const RecipeDetail = screen.recipeDetail.Component;
const RecipeEditor = screen.recipeEditor.Component;
const RecipeImport = screen.recipeImport.Component;
const Favourites = screen.favourites.Component;
const Planner = screen.planner.Component;
const Week = screen.week.Component;
const Cooks = screen.cooks.Component;
const Pantry = screen.pantry.Component;
const Cook = screen.cook.Component;
const Shopping = screen.shopping.Component;
const Prices = screen.prices.Component;
const PriceImports = screen.priceImports.Component;
const IngredientPrices = screen.ingredientPrices.Component;
const Profile = screen.profile.Component;
const Household = screen.household.Component;
const Join = screen.join.Component;
const NotFound = screen.notFound.Component;

/** The screen each fixed path opens, to fetch its code before the app has drawn anything. */
const SCREEN_AT: Record<string, LazyScreen> = {
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
 * Starts fetching the code of the screen a path opens: as the app starts, a link straight to a
 * screen then brings its code alongside the app's rather than after the app has drawn, and the
 * fetch is not started from inside a render (where it made one long task of it).
 */
export function preloadScreen(path: string): Promise<void> {
  return SCREEN_AT[path]?.preload() ?? Promise.resolve();
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
