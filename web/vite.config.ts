import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs behind the local Hosting emulator (firebase.json rewrites
// /api/** to the function), so the dev server forwards /api there and cookies stay same-origin.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
