import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** What "What can I cook?" shows until its reads, and the code that sums them, are in. */
export function CookLoading() {
  return <Skeleton lines={5} label="Loading what you can cook..." />;
}
