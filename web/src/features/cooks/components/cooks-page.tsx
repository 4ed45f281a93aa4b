import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { cookNameField, readField } from '../../../../../shared/limits/fields.ts';
import { LIMITS } from '../../../../../shared/limits/limits.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { OneFieldForm } from '../../../components/ui/one-field-form.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useConfirm } from '../../../components/ui/use-confirm.tsx';
import { paths } from '../../../config/paths.ts';
import { describeError } from '../../../lib/errors.ts';
import { createCook, refreshCooks, removeCook, useCooks } from '../store.ts';

export function CooksPage({ householdId }: { householdId: string }) {
  const { items, loaded } = useCooks();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { ask, dialog } = useConfirm();
  useEffect(() => refreshCooks(householdId), [householdId]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = readField(cookNameField, name);
    setError(null);
    if (!read.ok) return setNameError(read.message);
    setNameError(null);
    setPending(true);
    createCook(read.value)
      .then(() => {
        showToast(`Added ${read.value}.`, 'success');
        setName('');
      })
      .catch((e: unknown) => setError(describeError(e).message))
      .finally(() => setPending(false));
  };
  const onDelete = (id: string, cookName: string) =>
    ask({
      title: `Delete ${cookName}?`,
      message: 'This cannot be undone.',
      confirm: 'Delete cook',
      onConfirm: () => {
        setError(null);
        removeCook(id)
          .then(() =>
            // A cook can only be deleted when no meal has them, so adding the name again is the whole undo.
            showToast(`Removed ${cookName}.`, 'success', {
              label: 'Undo',
              run: () => void createCook(cookName).catch((e: unknown) => setError(describeError(e).message)),
            }),
          )
          .catch((e: unknown) => setError(describeError(e).message));
      },
    });
  return (
    <Page title="Cooks">
      {dialog}
      <p className="muted">
        The people who cook in your household. Assign them to meals in the planner. Everyone in your{' '}
        <Link href={paths.household}>household</Link> shares this list.
      </p>
      <OneFieldForm
        className="inline-form card"
        label="Cook name"
        value={name}
        maxLength={LIMITS.cookName.max}
        error={nameError}
        submit="Add cook"
        disabled={pending}
        onValue={(v) => {
          setName(v);
          setNameError(null);
        }}
        onSubmit={onSubmit}
      />
      <FormError message={error} />
      {!loaded ? (
        <Skeleton lines={2} label="Loading cooks..." />
      ) : items.length === 0 ? (
        <EmptyState title="No cooks yet">Add the people who cook, then give them meals to make.</EmptyState>
      ) : (
        <ul className="list" aria-label="Cooks">
          {items.map((c) => (
            <li key={c.id} className="list-item">
              <span className="grow item-name">{c.name}</span>
              <button type="button" className="button small danger" onClick={() => onDelete(c.id, c.name)}>
                Delete<span className="visually-hidden"> {c.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
