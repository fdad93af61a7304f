import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@registry/webpack-config/create-app-config';

export default createAppConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'profile',
  kind: 'remote',
  exposes: { './pages': './src/pages.tsx' },
  devPort: 3004,
  title: 'Profile',
});
