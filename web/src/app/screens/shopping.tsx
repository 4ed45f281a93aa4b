import { useUserId } from '../../features/auth/store.ts';
import { ShoppingPage } from '../../features/shopping/components/shopping-page.tsx';

export default function Shopping() {
  return <ShoppingPage userId={useUserId()!} />;
}
