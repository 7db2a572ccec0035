// The help articles are imported as text (`with { type: "text" }`), so every bundle carries them.
declare module "*.md" {
  const text: string;
  export default text;
}
