import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { PantryPage } from '../../features/pantry/components/pantry-page.tsx';

export default function Pantry() {
  return (
    <WithHousehold title="Pantry">{(householdId) => <PantryPage householdId={householdId} />}</WithHousehold>
  );
}
