import type { Compiler } from 'webpack';

export const REPORT_DIR: string;
export function ownerOfSource(source: string, appName: string): string;
export function bytesByOwner(
  code: string,
  map: { sources: string[]; mappings: string },
  appName: string,
): Record<string, number>;
export class ModuleReportPlugin {
  constructor(options: { appDir: string; report: string });
  apply(compiler: Compiler): void;
}
