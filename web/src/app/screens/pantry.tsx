import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { WithHousehold } from '../../features/household/components/with-household.tsx';
import { PantryPage } from '../../features/pantry/components/pantry-page.tsx';

export default function Pantry() {
  return (
    <WithHousehold title="Pantry">
      {(householdId) => (
        <>
          <PantryPage householdId={householdId} />
          <p className="page-footer-link">
            <Link href={paths.cook}>What can I cook?</Link>
          </p>
        </>
      )}
    </WithHousehold>
  );
}
