// Bun's `with { type: "file" }` import of a WebAssembly file gives its path.
declare module "*.wasm" {
  const path: string;
  export default path;
}
