import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { makeClient } from '../lib/supabase.ts';

// As main.tsx does before the app renders.
makeClient();

afterEach(() => cleanup());
