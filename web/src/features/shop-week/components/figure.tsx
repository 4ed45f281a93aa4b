/** A figure with its part beneath it, smaller: the cell stays narrow enough for a phone. */
export function Figure({ value, part }: { value: string; part: string }) {
  return (
    <>
      {value}
      <span className="part">{part}</span>
    </>
  );
}
