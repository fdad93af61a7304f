import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@registry/webpack-config/create-app-config';

export default createAppConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'cart_checkout',
  kind: 'remote',
  exposes: { './pages': './src/pages.tsx' },
  devPort: 3002,
  title: 'Cart',
});
