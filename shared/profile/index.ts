export { AVATARS, type Avatar, avatarUrl, randomAvatar } from './avatars.ts';
export { displayName } from './display-name.ts';
export { profileName } from './profile-name.ts';
