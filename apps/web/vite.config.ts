/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const config = {
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
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell has: with
  // NODE_ENV=development Vite and the React plugin would ship React's development runtime.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
