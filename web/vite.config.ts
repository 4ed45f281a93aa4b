import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vite root is web/; the dev server and preview read VITE_SUPABASE_* from the environment
// (the stack prints them), so one static build runs against the local stack or hosted Supabase.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  envDir: import.meta.dirname,
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { fs: { allow: ['..'] } },
});
