import { setOnExisting, useImporter } from '../store.ts';

/** A set of radio buttons in a fieldset with its legend. */
export function Choices<T extends string>({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, string])[];
}) {
  return (
    <fieldset className="row">
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** Whether a recipe imported before is updated or left as it was (issue 24: update or skip). */
export function ExistingChoice({ name }: { name: string }) {
  const { onExisting } = useImporter();
  return (
    <Choices
      legend="A recipe you imported before"
      name={name}
      value={onExisting}
      onChange={setOnExisting}
      options={[
        ['update', 'Update it'],
        ['skip', 'Leave it as it is'],
      ]}
    />
  );
}
