import { CooksPage } from '../../features/cooks/components/cooks-page.tsx';
import { WithHousehold } from '../../features/household/components/with-household.tsx';

export default function Cooks() {
  return (
    <WithHousehold title="Cooks">{(householdId) => <CooksPage householdId={householdId} />}</WithHousehold>
  );
}
