import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Field, TextAreaField } from './field.tsx';

function Forms({ onLeave }: { onLeave: () => void }) {
  return (
    <>
      <form aria-label="First" onSubmit={(e) => e.preventDefault()}>
        <Field label="Name" onLeave={onLeave} />
        <TextAreaField label="Notes" onLeave={onLeave} />
        <button type="submit">Save</button>
        <button type="button">Cancel</button>
      </form>
      <form aria-label="Second" onSubmit={(e) => e.preventDefault()}>
        <button type="submit">Send</button>
      </form>
    </>
  );
}

describe('a field checked as it is left', () => {
  it('is not checked when left by pressing its own form’s submit button', async () => {
    const onLeave = vi.fn();
    const user = userEvent.setup();
    render(<Forms onLeave={onLeave} />);
    await user.click(screen.getByLabelText('Name'));
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Save' }) });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(onLeave).not.toHaveBeenCalled();
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('button', { name: 'Save' }) });
    // After that click, leaving it is checked again.
    await user.click(screen.getByLabelText('Notes'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('is checked when left by the keyboard, another button or another form’s submit button', async () => {
    const onLeave = vi.fn();
    const user = userEvent.setup();
    render(<Forms onLeave={onLeave} />);
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(onLeave).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onLeave).toHaveBeenCalledTimes(2);
    await user.click(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onLeave).toHaveBeenCalledTimes(3);
  });
});
