import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../../shared/limits/limits.ts';
import { FIELD_MESSAGES } from '../../../../shared/limits/messages.ts';
import { ItemForm, type ItemValues } from './item-form.tsx';

/** The form, saving into `saved` unless `onSubmit` says otherwise. */
function renderForm(onSubmit?: (values: ItemValues) => Promise<void>) {
  // The ingredient and unit suggestions come from a server the unit tests do not run.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const saved: ItemValues[] = [];
  render(
    <ItemForm submitLabel="Add" context="pantry" onSubmit={onSubmit ?? (async (v) => void saved.push(v))} />,
  );
  const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  return { saved, add };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('ItemForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts 1 1/2 and stores the number; rejects text that is not a quantity (QA 4)', async () => {
    const { saved, add } = renderForm();
    type('Item', 'rolled oats');
    type('Quantity', 'lots');
    add();
    expect(await screen.findByText(FIELD_MESSAGES.itemQuantity)).toBeInTheDocument();
    expect(saved).toEqual([]);
    type('Quantity', '1 1/2');
    add();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'rolled oats', quantity: 1.5 });
  });

  it('refuses an 81-character name and 100,001, next to the fields, keeping what was typed (issue 15: 3, 4)', async () => {
    const { saved, add } = renderForm();
    const long = 'x'.repeat(LIMITS.itemName.max + 1);
    type('Item', long);
    type('Quantity', '100001');
    add();
    const name = screen.getByLabelText('Item');
    expect(await screen.findByText(FIELD_MESSAGES.itemNameLong)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(FIELD_MESSAGES.itemNameLong);
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(FIELD_MESSAGES.itemQuantityRange);
    expect(name).toHaveValue(long);
    expect(saved).toEqual([]);
  });

  it('says the limit in the fields themselves', () => {
    renderForm();
    expect(screen.getByLabelText('Item')).toHaveAttribute('maxlength', String(LIMITS.itemName.max));
    expect(screen.getByLabelText('Quantity')).toHaveAttribute(
      'maxlength',
      String(LIMITS.lineQuantityText.max),
    );
  });

  it('saves names as stored: inner runs of spaces made one (issue 15: 11)', async () => {
    const { saved, add } = renderForm();
    type('Item', '  red   onion ');
    add();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'red onion', quantity: null, unit: null });
  });

  it('checks a field as it is left, and clears the message as it is fixed', async () => {
    renderForm();
    // The rules load as the form shows (the list beside it comes first).
    await act(() => import('./item-fields.ts'));
    type('Quantity', 'a few');
    expect(screen.queryByText(FIELD_MESSAGES.itemQuantity)).toBeNull();
    fireEvent.blur(screen.getByLabelText('Quantity'));
    expect(await screen.findByText(FIELD_MESSAGES.itemQuantity)).toBeInTheDocument();
    type('Quantity', '3');
    expect(screen.queryByText(FIELD_MESSAGES.itemQuantity)).toBeNull();
  });

  it('does not wipe the next item typed while the last one was still being added', async () => {
    let finish = () => {};
    const { add } = renderForm(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    type('Item', 'flour');
    add();
    type('Item', 'sugar');
    await act(async () => finish());
    expect(screen.getByLabelText('Item')).toHaveValue('sugar');
  });

  it('describes a refused save in plain words with Retry, and keeps the item typed', async () => {
    const { add } = renderForm(() =>
      Promise.reject({ code: '', message: 'TypeError: Failed to fetch', details: '', hint: '' }),
    );
    type('Item', 'flour');
    add();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Larder could not reach the server. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByLabelText('Item')).toHaveValue('flour');
  });
});
