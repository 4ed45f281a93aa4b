import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useHouseholdId } from '../../profile/store.ts';

/**
 * The household's screens wait for the profile to say which household is shown; meanwhile (or
 * while the stack is unreachable) the screen is there, titled, loading.
 */
export function WithHousehold({
  title,
  children,
}: {
  title: string;
  children: (householdId: string) => ReactNode;
}) {
  const householdId = useHouseholdId();
  return householdId ? (
    children(householdId)
  ) : (
    <Page title={title}>
      <Skeleton lines={3} label="Loading your household..." />
    </Page>
  );
}
