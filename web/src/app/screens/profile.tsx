import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { TwoStepSettings } from '../../features/auth/components/two-step-settings.tsx';
import { useAuth } from '../../features/auth/store.ts';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';

export default function Profile() {
  const { session } = useAuth();
  return (
    <>
      <ProfilePage userId={session!.user.id} email={session!.user.email ?? ''} />
      <TwoStepSettings />
      <nav aria-label="More" className="page-footer-link">
        <Link href={paths.household}>Household</Link> · <Link href={paths.cooks}>Manage cooks</Link> ·{' '}
        <Link href={paths.prices}>Prices</Link> · <Link href={paths.priceImports}>Price imports</Link> ·{' '}
        <Link href={paths.privacyPolicy}>Privacy policy</Link> ·{' '}
        <Link href={paths.termsOfService}>Terms of service</Link>
      </nav>
    </>
  );
}
