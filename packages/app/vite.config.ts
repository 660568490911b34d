import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The coach app: sources of the workspace packages, `/api` proxied to the services in dev. */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['coach-source'] },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.COACH_API_TARGET ?? 'http://localhost:8080' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Inline nothing: the server's CSP allows same-origin scripts, styles and fonts only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
      onLog(level, log, handler) {
        // Chakra's dependencies carry 'use client' directives: ~1000 harmless warnings.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
