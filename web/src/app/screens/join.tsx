import { useLocation } from 'wouter';
import { paths } from '../../config/paths.ts';
import { JoinPage } from '../../features/household/components/join-page.tsx';

export default function Join({ token }: { token: string }) {
  const [, navigate] = useLocation();
  return <JoinPage token={token} onJoined={() => navigate(paths.household, { replace: true })} />;
}
