import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { precompress } from './precompress.ts';
import { rootFontSizeCss } from './src/core/screenSize/screenRules.ts';
import {
  defaultLanguage,
  translationLoadPath,
  translationNamespace,
} from './src/i18n/i18nOptions.ts';

/** The screen a visitor without a session lands on, whose code the page preloads. */
const firstScreen = resolve(import.meta.dirname, 'src/features/auth/components/SignInScreen.tsx');

/**
 * The page's head, for the first paint: the root font size by width as CSS (requirements R2.5: right
 * before any script runs, and on every resize), and preloads of what the first screen needs
 * besides the entry: the sign-in screen's chunks (fetched beside the entry, not once it has run),
 * the default language's translations (likewise) and Inter's Latin face (the text is drawn once,
 * in Inter, no swap from the fallback).
 */
function firstPaintHead(): Plugin {
  return {
    name: 'coach:first-paint-head',
    transformIndexHtml(_html, context) {
      const tags: HtmlTagDescriptor[] = [
        { tag: 'style', children: rootFontSizeCss(), injectTo: 'head' },
      ];
      const bundle = context.bundle ?? {};
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const screen = chunks.find((chunk) => chunk.facadeModuleId === firstScreen);
      const preloaded = new Set([context.chunk?.fileName, ...(context.chunk?.imports ?? [])]);
      const screenFiles: string[] = [];
      const visit = (fileName: string) => {
        if (preloaded.has(fileName) || screenFiles.includes(fileName)) return;
        screenFiles.push(fileName);
        const chunk = bundle[fileName];
        for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) visit(imported);
      };
      if (screen) visit(screen.fileName);
      for (const fileName of screenFiles) {
        tags.push({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
          injectTo: 'head',
        });
      }
      const translations = translationLoadPath
        .replace('{{lng}}', defaultLanguage)
        .replace('{{ns}}', translationNamespace);
      // The attributes of i18next-http-backend's fetch (CORS mode, same-origin credentials).
      tags.push({
        tag: 'link',
        attrs: { rel: 'preload', href: `/${translations}`, as: 'fetch', crossorigin: '' },
        injectTo: 'head',
      });
      const font = Object.keys(context.bundle ?? {}).find((file) =>
        /\/inter-latin-wght-normal-[^/]*\.woff2$/.test(file),
      );
      if (font) {
        tags.push({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `/${font}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
          },
          injectTo: 'head',
        });
      }
      return tags;
    },
  };
}

/**
 * The coach app: sources of the workspace packages, `/api` proxied to the services in dev. The
 * `coach-source` condition comes before Vite's own (which a list given here would otherwise
 * replace): packages keep their browser ES builds (emotion's, for one, instead of its CommonJS
 * build for Node).
 */
export default defineConfig({
  plugins: [react(), firstPaintHead(), precompress()],
  resolve: { conditions: ['coach-source', ...defaultClientConditions] },
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
        codeSplitting: {
          // Everything the entry imports statically in one chunk: every page needs all of it,
          // and one file compresses better than ten (about 6 KB of brotli on the sign-in route).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
      onLog(level, log, handler) {
        // Chakra's dependencies carry 'use client' directives: ~1000 harmless warnings.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
