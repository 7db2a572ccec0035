// Bun bundles CSS imported from components (the booklet's stylesheet) into the page.
declare module "*.css";
