import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemForm, type ItemValues } from './item-form.tsx';
import { QUANTITY_ERROR } from './item-quantity.ts';

describe('ItemForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts 1 1/2 and stores the number; rejects text that is not a quantity (QA 4)', async () => {
    // The ingredient and unit suggestions come from a server the unit tests do not run.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const saved: ItemValues[] = [];
    render(<ItemForm submitLabel="Add" context="pantry" onSubmit={async (v) => void saved.push(v)} />);
    fireEvent.change(screen.getByLabelText('Item'), { target: { value: 'rolled oats' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(QUANTITY_ERROR)).toBeInTheDocument();
    expect(saved).toEqual([]);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1 1/2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'rolled oats', quantity: 1.5 });
  });
});
