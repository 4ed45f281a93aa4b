import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirm } from './dialog.tsx';

const inDialog = { hidden: true } as const;

function Asker({ onConfirm }: { onConfirm: () => void }) {
  const { ask, dialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() => ask({ title: 'Delete it?', message: 'Gone.', confirm: 'Delete', onConfirm })}
      >
        Ask
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('runs the action only when its button is chosen, and closes (issue 20: 6)', () => {
    const onConfirm = vi.fn();
    render(<Asker onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog', inDialog)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('dialog', inDialog)).toHaveTextContent('Delete it?Gone.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete', ...inDialog }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', inDialog)).toBeNull();
  });
});
