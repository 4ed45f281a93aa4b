import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Vite root is web/; the dev server and preview read VITE_SUPABASE_* from the environment
// (the stack prints them), so one static build runs against the local stack or hosted Supabase.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // An installable app whose shell opens without a connection (issue 20): Workbox precaches the
    // build and answers every navigation with index.html; data stays the app's own business
    // (the shopping list keeps its last copy and queues changes, features/shopping/offline.ts).
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by main.tsx once the first screen has settled (see there).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'avatars/*.svg'],
      manifest: {
        name: 'Larder',
        short_name: 'Larder',
        description: 'Recipes, a week’s meal plan, pantry and a shopping list that works in the shop.',
        lang: 'en-AU',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fbfaf6',
        theme_color: '#2f6b4f',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  envDir: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The entry's own imports are named in index.html, so the browser fetches them alongside the
    // entry instead of after it (one round trip fewer before the first screen). A lazy screen's
    // imports are not: Vite's helper appended one <link> per import inside the render that first
    // needed the screen, the longest task of a page's start (routes.tsx preloadScreen fetches a
    // screen's code instead, outside any render).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: { fs: { allow: ['..'] } },
});
