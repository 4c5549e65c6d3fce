/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
  },
  // The contracts package ships TypeScript; the prerender build must bundle it rather than import it.
  ssr: { noExternal: ['@seguridad/contracts'] },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
