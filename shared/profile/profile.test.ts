import { describe, expect, it } from 'vitest';
import { AVATARS, type Avatar, avatarUrl, randomAvatar } from './avatars.ts';
import { displayName } from './display-name.ts';
import { profileName } from './profile-name.ts';

describe('displayName (spec 9: the first word of the stored name)', () => {
  it('takes the first word', () => {
    expect(displayName('Ada Lovelace')).toBe('Ada');
    expect(displayName('  Grace   Hopper ')).toBe('Grace');
    expect(displayName('Cher')).toBe('Cher');
    expect(displayName('Jean-Luc Picard')).toBe('Jean-Luc');
    expect(displayName('Ada\tLovelace')).toBe('Ada');
  });

  it('gives empty for missing names', () => {
    for (const v of [null, undefined, '', '   ', 42, {}]) expect(displayName(v)).toBe('');
  });
});

describe('avatars (spec 9: 8 images, picked at random)', () => {
  it('has the eight of the spec', () => {
    const spec = 'apple, banana, broccoli, orange, strawberry, lemon, lime, tomato';
    expect(AVATARS.join(', ')).toBe(spec);
  });

  it('builds the avatar_url path', () => {
    expect(avatarUrl('lime')).toBe('/avatars/lime.svg');
    expect(avatarUrl('kumquat' as Avatar)).toBe('/avatars/apple.svg');
  });

  it('picks each avatar for its slice of [0, 1)', () => {
    const picked = AVATARS.map((_, i) => randomAvatar(() => (i + 0.5) / AVATARS.length));
    expect(picked).toEqual(AVATARS.map((a) => `/avatars/${a}.svg`));
    expect(randomAvatar(() => 0)).toBe('/avatars/apple.svg');
    expect(randomAvatar(() => 0.999999)).toBe('/avatars/tomato.svg');
  });

  it('clamps a bad random source', () => {
    expect(randomAvatar(() => 1)).toBe('/avatars/tomato.svg');
    expect(randomAvatar(() => -1)).toBe('/avatars/apple.svg');
    expect(randomAvatar(() => Number.NaN)).toBe('/avatars/apple.svg');
  });

  it('uses Math.random by default and reaches every avatar', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(randomAvatar());
    expect(seen.size).toBe(8);
  });
});

describe("profileName (spec 3: the new profile's name from full_name)", () => {
  it('normalises white space, cuts to 80 characters and keeps no empty name', () => {
    expect(profileName('  Ada \t Lovelace\n')).toBe('Ada Lovelace');
    expect(profileName('   ')).toBeNull();
    expect(profileName('')).toBeNull();
    expect(profileName(`${'a'.repeat(79)} bcd`)).toBe('a'.repeat(79));
    expect(profileName('😀'.repeat(81))).toBe('😀'.repeat(80));
  });

  it('takes nothing but a string', () => {
    for (const v of [undefined, null, 42, true, {}, ['Ada']]) expect(profileName(v)).toBeNull();
  });
});
