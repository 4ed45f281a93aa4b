import { describe, expect, it } from 'vitest';
import { MissingEnvError, readEnv } from './env.ts';

describe('readEnv', () => {
  it('names every missing variable', () => {
    expect(() => readEnv({})).toThrow(
      'Missing environment variables: VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY',
    );
    expect(() => readEnv({ VITE_SUPABASE_URL: 'http://x' })).toThrow(
      new MissingEnvError(['VITE_SUPABASE_ANON_KEY']),
    );
  });
  it('returns the values when present', () => {
    expect(readEnv({ VITE_SUPABASE_URL: ' http://x ', VITE_SUPABASE_ANON_KEY: 'k' })).toEqual({
      supabaseUrl: 'http://x',
      supabaseAnonKey: 'k',
    });
  });
});
