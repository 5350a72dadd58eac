import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

const root = path.resolve(__dirname, '../..');

export default defineConfig({
  root: __dirname,
  publicDir: 'public',
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  resolve: {
    alias: {
      '@grouarock/ui': path.join(root, 'libs/ui/src/index.ts'),
      '@grouarock/i18n': path.join(root, 'libs/i18n/src/index.ts'),
      '@grouarock/api-client': path.join(root, 'libs/api-client/src/index.ts'),
      '@grouarock/audio-engine': path.join(root, 'libs/audio-engine/src/index.ts'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/apps/web'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Which chunks each route needs (npm run bench:web reads it).
    manifest: true,
  },
  server: {
    port: 5173,
    // `npm run dev`: the API runs on its own port; the browser only ever talks to one origin.
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true } },
  },
});
