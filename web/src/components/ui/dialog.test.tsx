import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { useConfirm } from './use-confirm.tsx';

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
  it('runs the action only when its button is chosen, and closes (issue 20: 6)', async () => {
    const onConfirm = vi.fn();
    render(<Asker onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog', inDialog)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('dialog', inDialog)).toHaveTextContent('Delete it?Gone.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete', ...inDialog }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', inDialog)).toBeNull();
  });
});

describe('Dialog', () => {
  // jsdom has no modal dialogs: these behave as a browser's do, the close event a task later.
  const proto = Object.getPrototypeOf(document.createElement('dialog')) as HTMLElement &
    Record<string, unknown>;
  const own = ['showModal', 'close', 'open'].map(
    (k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const,
  );
  afterEach(() => {
    for (const [k, d] of own) {
      if (d) Object.defineProperty(proto, k, d);
      else delete proto[k];
    }
  });
  const browserDialogs = () => {
    Object.defineProperty(proto, 'open', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('open');
      },
    });
    proto.showModal = function (this: HTMLElement) {
      this.setAttribute('open', '');
    };
    proto.close = function (this: HTMLElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      setTimeout(() => this.dispatchEvent(new Event('close')), 0);
    };
  };
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

  it("stays open when React's development checks close and open it again as it first shows", async () => {
    browserDialogs();
    const onClose = vi.fn();
    render(
      <StrictMode>
        <Dialog title="Add dinner" onClose={onClose}>
          <p>Choose a recipe.</p>
        </Dialog>
      </StrictMode>,
    );
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('dialog') as HTMLDialogElement).open).toBe(true);
  });

  it('tells its owner when it closes (Escape, or a form asking it to)', async () => {
    browserDialogs();
    const onClose = vi.fn();
    render(
      <Dialog title="Add dinner" onClose={onClose}>
        <p>Choose a recipe.</p>
      </Dialog>,
    );
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    await settle();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
