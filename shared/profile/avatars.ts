/** The avatar set (spec 9 "Avatar set: 8 images"), in the spec's order. */
export const AVATARS = [
  'apple',
  'banana',
  'broccoli',
  'orange',
  'strawberry',
  'lemon',
  'lime',
  'tomato',
] as const;

/** One of the eight avatars. */
export type Avatar = (typeof AVATARS)[number];

const isAvatar = (value: unknown): value is Avatar => (AVATARS as readonly unknown[]).includes(value);

/**
 * The `users.avatar_url` value of an avatar: the path the web app serves it from,
 * `/avatars/<fruit>.svg` (docs/decisions.md). An unknown name gives the first avatar's path, so a
 * stored value is always one the app can show.
 */
export function avatarUrl(fruit: Avatar): string {
  return `/avatars/${isAvatar(fruit) ? fruit : AVATARS[0]}.svg`;
}

/**
 * A random avatar's `avatar_url` for a new user (spec 3, spec 9 "picked at random for users with
 * none"). `random` returns a number in [0, 1), like `Math.random` (the default); values outside
 * that range are clamped, and NaN, non-numbers or a throwing source give the first avatar, so it
 * always returns one of the eight paths.
 */
export function randomAvatar(random: () => number = Math.random): string {
  let r = Number.NaN;
  try {
    const value: unknown = typeof random === 'function' ? random() : Number.NaN;
    if (typeof value === 'number') r = value;
  } catch {
    // A failing random source still yields an avatar: the first one.
  }
  const i = Number.isFinite(r)
    ? Math.min(AVATARS.length - 1, Math.max(0, Math.floor(r * AVATARS.length)))
    : 0;
  return avatarUrl(AVATARS[i] as Avatar);
}
