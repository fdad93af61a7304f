import { createShellConfig } from '@registry/webpack-config/create-app-config';

export default createShellConfig(import.meta.url);
