/**
 * Issue 18 part 6: wherever a price appears and it comes from the generated sample history
 * (source 'sample'), it says so, in the same words on every screen.
 */
export function SampleBadge({ sample }: { sample: boolean }) {
  return sample ? <span className="badge sample">sample prices</span> : null;
}
