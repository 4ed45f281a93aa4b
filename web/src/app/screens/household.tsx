import { useUserId } from '../../features/auth/store.ts';
import { HouseholdPage } from '../../features/household/components/household-page.tsx';
import { WithHousehold } from '../../features/household/components/with-household.tsx';

export default function Household() {
  const userId = useUserId()!;
  return (
    <WithHousehold title="Your household">
      {(householdId) => <HouseholdPage userId={userId} householdId={householdId} />}
    </WithHousehold>
  );
}
