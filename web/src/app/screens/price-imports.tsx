import { ImportsPage } from '../../features/prices/components/imports-page.tsx';

export default function PriceImports() {
  return <ImportsPage />;
}
