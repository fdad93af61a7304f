// The bare React page of the page figures, compiled as the apps are (webpack, swc, production mode).
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleReportPlugin } from '@registry/webpack-config/module-report-plugin';

const require = createRequire(import.meta.url);

export default {
  mode: 'production',
  context: import.meta.dirname,
  entry: './src/index.tsx',
  devtool: 'hidden-source-map',
  output: { path: path.join(import.meta.dirname, 'dist'), filename: 'main.js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  plugins: [new ModuleReportPlugin({ appDir: import.meta.dirname, report: 'floor' })],
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: {
          loader: require.resolve('swc-loader'),
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
        },
      },
    ],
  },
};
