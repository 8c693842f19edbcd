import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { recordBuildInputs } from './scripts/build-inputs.mjs';

const server = process.env.SWITCHYARD_URL ?? 'http://localhost:4242';

export default defineConfig({
  plugins: [react(), recordBuildInputs()],
  // Files are named relative to index.html's <base href>, which the server sets to BASE_URI_PATH at run time
  // (apps/server/src/http/admin-ui.ts): one build serves at `/` and under any prefix.
  base: './',
  server: {
    proxy: { '/api': server, '/auth': server },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry holds React, React DOM and the Mantine shell (about 250 kB gzip); screens are split out.
    chunkSizeWarningLimit: 900,
  },
});
