import { lazy, Suspense } from 'react';
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
const Favourites = lazy(() => import('./screens/favourites.tsx'));
const Planner = lazy(() => import('./screens/planner.tsx'));
const Week = lazy(() => import('./screens/week.tsx'));
const Cooks = lazy(() => import('./screens/cooks.tsx'));
const Pantry = lazy(() => import('./screens/pantry.tsx'));
const Shopping = lazy(() => import('./screens/shopping.tsx'));
const Prices = lazy(() => import('./screens/prices.tsx'));
const PriceImports = lazy(() => import('./screens/price-imports.tsx'));
const IngredientPrices = lazy(() => import('./screens/ingredient-prices.tsx'));
const Profile = lazy(() => import('./screens/profile.tsx'));
const Household = lazy(() => import('./screens/household.tsx'));
const Join = lazy(() => import('./screens/join.tsx'));
const NotFound = lazy(() => import('./screens/not-found.tsx'));

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
        <Route path={paths.newRecipe}>
          <RequireSession>
            <RecipeEditor />
          </RequireSession>
        </Route>
        <Route path="/recipes/:id/edit">
          {(params) => (
            <RequireSession>
              <RecipeEditor id={params.id} />
            </RequireSession>
          )}
        </Route>
        <Route path="/recipes/:id">
          {(params) => (
            <RequireSession>
              <RecipeDetail id={params.id} />
            </RequireSession>
          )}
        </Route>
        <Route path={paths.recipes}>
          <RequireSession>
            <Recipes />
          </RequireSession>
        </Route>
        <Route path={paths.favourites}>
          <RequireSession>
            <Favourites />
          </RequireSession>
        </Route>
        <Route path={paths.week}>
          <RequireSession>
            <Week />
          </RequireSession>
        </Route>
        <Route path={paths.planner}>
          <RequireSession>
            <Planner />
          </RequireSession>
        </Route>
        <Route path={paths.cooks}>
          <RequireSession>
            <Cooks />
          </RequireSession>
        </Route>
        <Route path={paths.pantry}>
          <RequireSession>
            <Pantry />
          </RequireSession>
        </Route>
        <Route path={paths.shopping}>
          <RequireSession>
            <Shopping />
          </RequireSession>
        </Route>
        <Route path={paths.priceImports}>
          <RequireSession>
            <PriceImports />
          </RequireSession>
        </Route>
        <Route path="/prices/:id">
          {(params) => (
            <RequireSession>
              <IngredientPrices id={params.id} />
            </RequireSession>
          )}
        </Route>
        <Route path={paths.prices}>
          <RequireSession>
            <Prices />
          </RequireSession>
        </Route>
        <Route path={paths.profile}>
          <RequireSession>
            <Profile />
          </RequireSession>
        </Route>
        <Route path={paths.household}>
          <RequireSession>
            <Household />
          </RequireSession>
        </Route>
        <Route path="/join/:token">
          {(params: { token: string }) => (
            <RequireSession>
              <Join token={params.token} />
            </RequireSession>
          )}
        </Route>
        <Route>
          <RequireSession>
            <NotFound />
          </RequireSession>
        </Route>
      </Switch>
    </Suspense>
  );
}
