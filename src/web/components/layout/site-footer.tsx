import { PRODUCT_NAME } from "../../../shared/constants";

export function SiteFooter() {
  return (
    <footer className="border-t bg-card/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground sm:px-6">
        <p className="font-serif text-base text-foreground">{PRODUCT_NAME}</p>
        <p>Dignified memorial programs, made with care.</p>
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
