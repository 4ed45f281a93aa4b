export { joinChunks, readCapped } from './read-capped.ts';
