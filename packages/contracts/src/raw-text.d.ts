/** A text file imported whole (Vite's `?raw`), as the tests read the spec documents. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
