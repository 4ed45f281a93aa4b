import { useAuth } from '../../features/auth/store.ts';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';

export default function Profile() {
  const { session } = useAuth();
  return <ProfilePage userId={session!.user.id} email={session!.user.email ?? ''} />;
}
