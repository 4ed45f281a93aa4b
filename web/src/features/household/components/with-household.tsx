import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useHouseholdId } from '../store.ts';

/** The household's screens wait for the profile to say which household is shown. */
export function WithHousehold({ children }: { children: (householdId: string) => ReactNode }) {
  const householdId = useHouseholdId();
  return householdId ? children(householdId) : <Skeleton lines={3} label="Loading your household..." />;
}
