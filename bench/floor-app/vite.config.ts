import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../packages/app/precompress.ts';

// Built and compressed as the coach app is (packages/app/vite.config.ts), so the first-load
// benchmark compares what the same server sends for each.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  logLevel: 'silent',
  build: {
    emptyOutDir: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
