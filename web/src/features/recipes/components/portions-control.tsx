import { useEffect, useState } from 'react';

const MAX_PORTIONS = 50;

const clamp = (n: number) => Math.min(MAX_PORTIONS, Math.max(1, Math.round(n) || 1));

export function PortionsControl({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  // What is typed, kept apart from the value so the field can be cleared to type a new number;
  // it is clamped only when the user leaves the field or presses Enter.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const set = (n: number) => {
    const next = clamp(n);
    setDraft(String(next));
    onChange(next);
  };
  const commit = () => set(draft.trim() === '' ? value : Number(draft));
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
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number(e.target.value);
            // A whole number in range shows at once; anything else waits for blur or Enter.
            if (e.target.value.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PORTIONS)
              onChange(n);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
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
