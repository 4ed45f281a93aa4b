import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { GuestOnly, RequireSession } from './guards.tsx';
import { HomeScreen } from './screens/home.tsx';

// Screens load on demand so the first page stays small (bench/web.bench.ts watches this).
const SignUpForm = lazy(() => import('./screens/sign-up.tsx'));
const ForgotPassword = lazy(() => import('./screens/forgot-password.tsx'));
const ResetPassword = lazy(() => import('./screens/reset-password.tsx'));
const PrivacyPolicy = lazy(() => import('./screens/privacy-policy.tsx'));
const TermsOfService = lazy(() => import('./screens/terms-of-service.tsx'));
const Recipes = lazy(() => import('./screens/recipes.tsx'));
const RecipeDetail = lazy(() => import('./screens/recipe-detail.tsx'));
const RecipeEditor = lazy(() => import('./screens/recipe-editor.tsx'));
const RecipeImport = lazy(() => import('./screens/recipe-import.tsx'));
const Favourites = lazy(() => import('./screens/favourites.tsx'));
const Planner = lazy(() => import('./screens/planner.tsx'));
const Week = lazy(() => import('./screens/week.tsx'));
const Cooks = lazy(() => import('./screens/cooks.tsx'));
const Pantry = lazy(() => import('./screens/pantry.tsx'));
const Cook = lazy(() => import('./screens/cook.tsx'));
const Shopping = lazy(() => import('./screens/shopping.tsx'));
const Prices = lazy(() => import('./screens/prices.tsx'));
const PriceImports = lazy(() => import('./screens/price-imports.tsx'));
const IngredientPrices = lazy(() => import('./screens/ingredient-prices.tsx'));
const Profile = lazy(() => import('./screens/profile.tsx'));
const Household = lazy(() => import('./screens/household.tsx'));
const Join = lazy(() => import('./screens/join.tsx'));
const NotFound = lazy(() => import('./screens/not-found.tsx'));

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
