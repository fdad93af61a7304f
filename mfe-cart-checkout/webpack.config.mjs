import { createRemoteConfig } from '@registry/webpack-config/create-app-config';

export default createRemoteConfig(import.meta.url);
