import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { securityHeadersPlugin } from './scripts/security-headers.ts'

export default defineConfig(({ mode }) => {
  // The same variables the app reads at start: .env files, then the environment.
  const supabaseUrl = () =>
    process.env.VITE_SUPABASE_URL?.trim() ||
    loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL?.trim() ||
    // What the app itself falls back to in development (src/config/env.ts).
    'http://127.0.0.1:54321'
  return {
    plugins: [
      react(),
      securityHeadersPlugin(supabaseUrl),
      VitePWA({
        // Workbox's production runtime (no logging) for every build, even one made under vitest,
        // where NODE_ENV (the plugin's default) is "test".
        mode: mode === 'development' ? 'development' : 'production',
        // The app asks the golfer (src/app/service-worker): a new version never reloads by itself.
        registerType: 'prompt',
        // Registered by the app after the page has loaded, never by a tag in index.html.
        injectRegister: false,
        // The icons are in the precache through globPatterns already.
        includeManifestIcons: false,
        manifest: {
          id: '/',
          name: 'HCPFast',
          short_name: 'HCPFast',
          description:
            'HCPFast keeps your golf courses and rounds and shows your handicap index, live on every device.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          // --primary and the light --bg of src/styles/global.css.
          theme_color: '#17663f',
          background_color: '#f2f5f3',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        workbox: {
          // The whole shell: every chunk (the signed-in screens' included), the CSS, index.html,
          // the icons. Every route is the same index.html, so every route opens offline.
          globPatterns: ['**/*.{js,css,html,svg,png}'],
          navigateFallback: '/index.html',
          // The first visit is controlled as soon as the worker is ready, so a golfer who loses
          // signal straight after opening the app can still reload it. Updates still wait for
          // the golfer's "Reload" (no skipWaiting).
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          // No runtimeCaching: Supabase (Auth, REST, Realtime) is another origin and always goes
          // to the network; the golfer's data on the device is the app's job, not the worker's.
          runtimeCaching: [],
        },
      }),
    ],
    build: {
      // Every browser the app supports preloads modules itself (Chrome 66, Safari 17, Firefox
      // 115); one without it still runs the app, fetching a chunk when it is first imported.
      modulePreload: { polyfill: false },
    },
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: { host: '127.0.0.1', port: 3000, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  }
})
