/** Images are bundled as URLs (small ones inlined as data URLs). */
declare module '*.svg' {
  const url: string;
  export default url;
}
