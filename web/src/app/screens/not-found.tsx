import { Link } from 'wouter';
import { Page } from '../../components/ui/page.tsx';
import { paths } from '../../config/paths.ts';

export default function NotFound() {
  return (
    <Page title="Page not found">
      <p>There is nothing at this address.</p>
      <Link href={paths.recipes} className="button primary">
        Go to your recipes
      </Link>
    </Page>
  );
}
