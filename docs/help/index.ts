// The help centre's articles, in the order /support lists them. Add an article here and in this folder.
// Under a `##` heading, an `<!-- asked: ... -->` note lists the words people use for the problems that
// section answers ("pics", "wont print"): the Support Assistant searches it; readers never see it.
import accounts from "./accounts.md" with { type: "text" };
import batchAndCli from "./batch-and-cli.md" with { type: "text" };
import bookletFormats from "./booklet-formats.md" with { type: "text" };
import buildingAProgram from "./building-a-program.md" with { type: "text" };
import photos from "./photos.md" with { type: "text" };
import plans from "./plans.md" with { type: "text" };
import printingAtAPrintShop from "./printing-at-a-print-shop.md" with { type: "text" };
import printingAtHome from "./printing-at-home.md" with { type: "text" };
import privacy from "./privacy.md" with { type: "text" };

export const HELP_ARTICLE_SOURCES: readonly { slug: string; markdown: string }[] = [
  { slug: "building-a-program", markdown: buildingAProgram },
  { slug: "photos", markdown: photos },
  { slug: "printing-at-home", markdown: printingAtHome },
  { slug: "printing-at-a-print-shop", markdown: printingAtAPrintShop },
  { slug: "booklet-formats", markdown: bookletFormats },
  { slug: "batch-and-cli", markdown: batchAndCli },
  { slug: "plans", markdown: plans },
  { slug: "accounts", markdown: accounts },
  { slug: "privacy", markdown: privacy },
];
