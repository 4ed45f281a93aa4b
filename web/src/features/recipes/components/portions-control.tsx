const MAX_PORTIONS = 50;

export function PortionsControl({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const set = (n: number) => onChange(Math.min(MAX_PORTIONS, Math.max(1, Math.round(n) || 1)));
  return (
    <fieldset className="portions">
      <legend className="visually-hidden">Portions</legend>
      <button
        type="button"
        className="icon-button"
        aria-label="Fewer portions"
        onClick={() => set(value - 1)}
        disabled={value <= 1}
      >
        −
      </button>
      <label>
        <span className="visually-hidden">Portions</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PORTIONS}
          value={value}
          onChange={(e) => set(Number(e.target.value))}
        />
      </label>
      <span aria-hidden="true">portions</span>
      <button
        type="button"
        className="icon-button"
        aria-label="More portions"
        onClick={() => set(value + 1)}
        disabled={value >= MAX_PORTIONS}
      >
        +
      </button>
    </fieldset>
  );
}
