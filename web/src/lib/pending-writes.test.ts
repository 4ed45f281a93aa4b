import { describe, expect, it } from 'vitest';
import { pendingChanges, pendingWrites } from './pending-writes.ts';

interface Row {
  id: string;
  checked: boolean;
}

const rows = (checked: boolean): Row[] => [
  { id: 'a', checked },
  { id: 'b', checked: false },
];

/** A send the test answers when it likes. */
function deferred() {
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

describe('pending writes over reads in flight', () => {
  it('a read sent before the change was confirmed answers with the change laid over it', async () => {
    const writes = pendingWrites<Row>((r) => r.id);
    const early = writes.read();
    const sent = deferred();
    const saving = writes.write('a', { checked: true }, () => sent.promise);
    const during = writes.read();
    sent.resolve();
    await saving;
    expect(early(rows(false))).toEqual(rows(true));
    expect(during(rows(false))).toEqual(rows(true));
  });

  it('the first read sent after the confirmation is the server’s word, and ends the change', async () => {
    const writes = pendingWrites<Row>((r) => r.id);
    await writes.write('a', { checked: true }, () => Promise.resolve());
    const after = writes.read();
    // Someone else unticked it meanwhile: the server says so, and is believed.
    expect(after(rows(false))).toEqual(rows(false));
    const stale = writes.read();
    expect(stale(rows(false))).toEqual(rows(false));
  });

  it('a refused change is dropped and undone, and the error reaches the caller', async () => {
    const writes = pendingWrites<Row>((r) => r.id);
    const early = writes.read();
    let undone = false;
    await expect(
      writes.write(
        'a',
        { checked: true },
        () => Promise.reject(new Error('refused')),
        () => {
          undone = true;
        },
      ),
    ).rejects.toThrow('refused');
    expect(undone).toBe(true);
    expect(early(rows(false))).toEqual(rows(false));
  });

  it('a second change before the first is answered wins, even if the first fails late', async () => {
    const writes = pendingWrites<Row>((r) => r.id);
    const early = writes.read();
    const first = deferred();
    let undone = false;
    const saving = writes.write(
      'a',
      { checked: true },
      () => first.promise,
      () => {
        undone = true;
      },
    );
    await writes.write('a', { checked: false }, () => Promise.resolve());
    first.reject(new Error('late'));
    await expect(saving).rejects.toThrow('late');
    expect(undone).toBe(false);
    expect(early(rows(true))).toEqual(rows(false));
  });

  it('clear forgets every change', async () => {
    const writes = pendingWrites<Row>((r) => r.id);
    const early = writes.read();
    const sent = deferred();
    void writes.write('a', { checked: true }, () => sent.promise);
    writes.clear();
    expect(early(rows(false))).toEqual(rows(false));
  });
});

describe('pending changes laid over a list of ids (favourites)', () => {
  const toggles = () =>
    pendingChanges<string, boolean>((ids, on) => [
      ...ids.filter((id) => on.get(id) !== false),
      ...[...on].filter(([id, is]) => is && !ids.includes(id)).map(([id]) => id),
    ]);

  it('an answer sent before the toggles were saved keeps what they show: one added, one removed', async () => {
    const writes = toggles();
    const early = writes.read();
    await writes.write('a', true, () => Promise.resolve());
    await writes.write('b', false, () => Promise.resolve());
    expect(early(['b', 'c'])).toEqual(['c', 'a']);
    // A read sent afterwards is believed as it is.
    expect(writes.read()(['c'])).toEqual(['c']);
  });
});
