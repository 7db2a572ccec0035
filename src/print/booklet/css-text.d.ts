// booklet.css is also imported as text (`with { type: "text" }`) by the PDF renderer.
declare module "*.css" {
  const text: string;
  export default text;
}
