import { BOOKLET_FONTS_STYLESHEET } from "../../shared/booklet-fonts";

/**
 * The booklet's fonts, for a screen that draws a booklet. React places one such link in <head>
 * however many screens render it, and the print window copies it from there with the others.
 */
export function BookletFonts() {
  return <link rel="stylesheet" href={BOOKLET_FONTS_STYLESHEET} precedence="default" />;
}
