import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJoinGate } from './first-joins.ts';

describe('first joins', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes each read once, when every channel opening together has joined', () => {
    const gate = createJoinGate();
    const recipes = vi.fn();
    const meals = vi.fn();
    const person = gate.opening();
    const household = gate.opening();
    gate.joined(person, [{ resync: recipes }]);
    expect(recipes).not.toHaveBeenCalled();
    gate.joined(household, [{ resync: recipes }, { resync: meals }]);
    expect(recipes).toHaveBeenCalledTimes(1);
    expect(meals).toHaveBeenCalledTimes(1);
  });

  it('makes different reads of one table, each of them', () => {
    const gate = createJoinGate();
    const members = vi.fn();
    const topic = vi.fn();
    gate.joined(gate.opening(), [{ resync: members }, { resync: topic }]);
    expect(members).toHaveBeenCalledTimes(1);
    expect(topic).toHaveBeenCalledTimes(1);
  });

  it('reads at once when no other channel is joining', () => {
    const gate = createJoinGate();
    const recipes = vi.fn();
    gate.joined(gate.opening(), [{ resync: recipes }]);
    expect(recipes).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a channel that closes or fails before it joins', () => {
    const gate = createJoinGate();
    const recipes = vi.fn();
    const failing = gate.opening();
    gate.joined(gate.opening(), [{ resync: recipes }]);
    gate.gone(failing);
    expect(recipes).toHaveBeenCalledTimes(1);
    gate.gone(failing);
    expect(recipes).toHaveBeenCalledTimes(1);
  });

  it('waits at most its limit for a channel that never answers', () => {
    vi.useFakeTimers();
    const gate = createJoinGate(3000);
    const recipes = vi.fn();
    gate.opening();
    gate.joined(gate.opening(), [{ resync: recipes }]);
    vi.advanceTimersByTime(2999);
    expect(recipes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(recipes).toHaveBeenCalledTimes(1);
  });

  it('reads again for a later first join', () => {
    const gate = createJoinGate();
    const recipes = vi.fn();
    gate.joined(gate.opening(), [{ resync: recipes }]);
    gate.joined(gate.opening(), [{ resync: recipes }]);
    expect(recipes).toHaveBeenCalledTimes(2);
  });
});
