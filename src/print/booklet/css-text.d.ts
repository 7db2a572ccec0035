// booklet.css and booklet-fonts.css are also imported as text (`with { type: "text" }`) by the PDF renderer.
declare module "*.css" {
  const text: string;
  export default text;
}

// Font files are imported `with { type: "file" }`: the import is the file's path.
declare module "*.woff2" {
  const path: string;
  export default path;
}

// The example program's photos are imported the same way.
declare module "*.jpg" {
  const path: string;
  export default path;
}
