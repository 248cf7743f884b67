import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { securityHeadersPlugin } from './scripts/security-headers.ts'

export default defineConfig(({ mode }) => {
  // The same variables the app reads at start: .env files, then the environment.
  const supabaseUrl = () =>
    process.env.VITE_SUPABASE_URL?.trim() ||
    loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL?.trim() ||
    // What the app itself falls back to in development (src/config/env.ts).
    'http://127.0.0.1:54321'
  return {
    plugins: [react(), securityHeadersPlugin(supabaseUrl)],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: { host: '127.0.0.1', port: 3000, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  }
})
