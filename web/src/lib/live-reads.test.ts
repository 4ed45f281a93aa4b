import { describe, expect, it } from 'vitest';
import { liveReads, newestReads } from './live-reads.ts';

const append = (rows: string[], change: string) => [...rows, change];

describe('liveReads', () => {
  it('lays the changes heard during a read over its answer, in the order they came', async () => {
    const reads = liveReads<string>();
    let answer: (rows: string[]) => void = () => undefined;
    const reading = reads.read(() => new Promise<string[]>((resolve) => (answer = resolve)), append);
    reads.hear('b');
    reads.hear('c');
    answer(['a']);
    expect(await reading).toEqual(['a', 'b', 'c']);
  });

  it('forgets changes heard when no read is on its way, and those an earlier read already had', async () => {
    const reads = liveReads<string>();
    reads.hear('before');
    let first: (rows: string[]) => void = () => undefined;
    const one = reads.read(() => new Promise<string[]>((resolve) => (first = resolve)), append);
    reads.hear('x');
    let second: (rows: string[]) => void = () => undefined;
    const two = reads.read(() => new Promise<string[]>((resolve) => (second = resolve)), append);
    reads.hear('y');
    first([]);
    second([]);
    expect(await one).toEqual(['x', 'y']);
    expect(await two).toEqual(['y']);
    expect(await reads.read(async () => [], append)).toEqual([]);
  });

  it('passes a failed read on and is ready for the next', async () => {
    const reads = liveReads<string>();
    await expect(reads.read(() => Promise.reject(new Error('offline')), append)).rejects.toThrow('offline');
    reads.hear('lost');
    expect(await reads.read(async () => ['a'], append)).toEqual(['a']);
  });
});

describe('newestReads', () => {
  it('keeps the answer of the newest read, whichever answers last', async () => {
    const reads = newestReads();
    const answers: ((rows: string[]) => void)[] = [];
    const held = () => new Promise<string[]>((resolve) => answers.push(resolve));
    const older = reads.read(held);
    const newer = reads.read(held);
    answers[1]?.(['new']);
    answers[0]?.(['old']);
    expect(await newer).toEqual({ answer: ['new'] });
    expect(await older).toBeNull();
    expect(await reads.read(async () => ['next'])).toEqual({ answer: ['next'] });
  });
});
