import { lazy } from 'react';
import { Link } from 'wouter';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/store.ts';

const Recipes = lazy(() => import('./recipes.tsx'));

/** '/' is public: visitors see what Larder is; signed-in users land on their recipes. */
export function HomeScreen() {
  const { status } = useAuth();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signed-in') return <Recipes />;
  return (
    <div className="landing">
      <p className="brand brand-large">Larder</p>
      <h1>Cook well, shop smart.</h1>
      <p className="lede">
        Recipes with nutrition per portion, a week of meals planned with your household's cooks, your pantry
        and shopping list, and what each recipe costs at Coles, Woolworths and Aldi.
      </p>
      <div className="row">
        <Link href={paths.signUp} className="button primary">
          Create an account
        </Link>
        <Link href={paths.signIn} className="button">
          Sign in
        </Link>
      </div>
      <footer className="legal-links">
        <Link href={paths.privacyPolicy}>Privacy policy</Link>
        <Link href={paths.termsOfService}>Terms of service</Link>
      </footer>
    </div>
  );
}
