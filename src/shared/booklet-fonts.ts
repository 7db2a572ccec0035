/**
 * Where the server answers the booklet's font faces (src/server/http/asset-routes.ts): the same font
 * files the PDF embeds, fetched only by screens that draw a booklet.
 */
export const BOOKLET_FONTS_STYLESHEET = "/assets/booklet-fonts.css";
