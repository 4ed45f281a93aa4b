import { useUserId } from '../../features/auth/store.ts';
import { CooksPage } from '../../features/cooks/components/cooks-page.tsx';

export default function Cooks() {
  return <CooksPage userId={useUserId()!} />;
}
