/** The `process` package's browser shim (no types of its own). */
declare module 'process/browser' {
  const process: Record<string, unknown>;
  export default process;
}
