import { useUserId } from '../../features/auth/store.ts';
import { PantryPage } from '../../features/pantry/components/pantry-page.tsx';

export default function Pantry() {
  return <PantryPage userId={useUserId()!} />;
}
