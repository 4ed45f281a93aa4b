import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PortionsControl } from './portions-control.tsx';

function Harness({ start = 2 }: { start?: number }) {
  const [n, setN] = useState(start);
  return (
    <>
      <PortionsControl value={n} onChange={setN} />
      <output>{n}</output>
    </>
  );
}

const field = () => screen.getByRole('spinbutton', { name: 'Portions' }) as HTMLInputElement;

describe('PortionsControl', () => {
  it('can be cleared while typing a new number (QA 6)', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '' } });
    expect(field().value).toBe('');
    fireEvent.change(field(), { target: { value: '4' } });
    expect(field().value).toBe('4');
    expect(screen.getByRole('status')).toHaveTextContent('4');
  });

  it('clamps on blur and Enter, and puts the value back when left empty', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.blur(field());
    expect(field().value).toBe('2');
    fireEvent.change(field(), { target: { value: '99' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(field().value).toBe('50');
    expect(screen.getByRole('status')).toHaveTextContent('50');
  });

  it('steps with the buttons', () => {
    render(<Harness start={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'More portions' }));
    expect(field().value).toBe('4');
    fireEvent.click(screen.getByRole('button', { name: 'Fewer portions' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer portions' }));
    expect(field().value).toBe('2');
  });
});
