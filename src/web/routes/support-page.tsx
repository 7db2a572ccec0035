import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { LifeBuoy, Mail, Phone, Search } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { type HelpArticle, type HelpSearchHit, SUPPORT_EMAIL } from "../../shared/chatbot";
import { AppHeader } from "../components/layout/app-header";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Spinner } from "../components/ui/spinner";
import { apiRequest } from "../lib/api";
import { openSupportChat } from "../lib/error-report";
import { useSession } from "../lib/session";

function HelpSearch() {
  const id = useId();
  const [query, setQuery] = useState("");
  const q = useDeferredValue(query.trim());
  const hits = useQuery({
    queryKey: ["/api/help/search", q],
    queryFn: () => apiRequest<HelpSearchHit[]>("GET", `/api/help/search?q=${encodeURIComponent(q)}`),
    enabled: q.length >= 2,
  });
  return (
    <div className="mx-auto max-w-2xl">
      <label htmlFor={id} className="mb-2 block text-sm font-medium">
        Search the help articles
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="For example: print a booklet at home"
          className="pl-9"
          maxLength={200}
        />
      </div>
      {q.length >= 2 && hits.data && (
        <div aria-live="polite" className="mt-3">
          {hits.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No article matches that yet. Try other words, or ask us below; we are glad to help.
            </p>
          ) : (
            <ul className="divide-y rounded-lg border bg-card">
              {hits.data.map((hit) => (
                <li key={hit.url}>
                  <a
                    href={hit.url}
                    className="block p-3 hover:bg-secondary/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="block font-medium text-primary">
                      {hit.title}: {hit.section}
                    </span>
                    <span className="mt-1 block text-sm text-muted-foreground">{hit.excerpt}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The help centre: every article from docs/help, a search over them, and how to reach a person. */
export function SupportPage() {
  const { user } = useSession();
  const articles = useQuery({
    queryKey: ["/api/help/articles"],
    queryFn: () => apiRequest<HelpArticle[]>("GET", "/api/help/articles"),
  });
  return (
    <div className="flex min-h-screen flex-col">
      {user ? (
        <AppHeader />
      ) : (
        <SiteHeader>
          <Button asChild variant="ghost" size="sm">
            <Link to="/">Home</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/login">Sign In</Link>
          </Button>
        </SiteHeader>
      )}
      <main className="flex-1">
        <section className="border-b bg-card/60 px-4 py-12 text-center sm:px-6">
          <LifeBuoy aria-hidden="true" className="mx-auto mb-3 size-9 text-highlight" />
          <h1 className="mb-3 text-4xl font-medium text-primary">Help Centre</h1>
          <p className="mx-auto mb-8 max-w-xl text-lg text-muted-foreground">
            Answers for making, printing and sharing a memorial program. Take your time; we are here to help.
          </p>
          <HelpSearch />
        </section>

        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
          <nav aria-label="Help articles" className="lg:sticky lg:top-6 lg:self-start">
            <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              Articles
            </h2>
            <ul className="space-y-1">
              {articles.data?.map((a) => (
                <li key={a.slug}>
                  <a
                    href={`#${a.slug}`}
                    className="block rounded-md px-2 py-1 text-primary hover:bg-secondary"
                  >
                    {a.title}
                  </a>
                </li>
              ))}
              <li>
                <a href="#contact" className="block rounded-md px-2 py-1 text-primary hover:bg-secondary">
                  Contact us
                </a>
              </li>
            </ul>
          </nav>

          <div className="min-w-0 space-y-12">
            {articles.isPending && <Spinner label="Loading help articles" />}
            {articles.error && (
              <p className="text-destructive">
                The help articles could not be loaded. Please reload the page.
              </p>
            )}
            {articles.data?.map((a) => (
              <article key={a.slug} id={a.slug} aria-labelledby={`${a.slug}-title`} className="scroll-mt-6">
                <h2 id={`${a.slug}-title`} className="mb-1 text-3xl text-primary">
                  {a.title}
                </h2>
                <p className="mb-4 text-muted-foreground">{a.summary}</p>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own articles from the repository (docs/help), rendered from Markdown by the server. */}
                <div className="help-article" dangerouslySetInnerHTML={{ __html: a.html }} />
              </article>
            ))}

            <section
              id="contact"
              aria-labelledby="contact-title"
              className="scroll-mt-6 rounded-xl border bg-card p-6"
            >
              <h2 id="contact-title" className="mb-2 text-3xl text-primary">
                Contact us
              </h2>
              <p className="mb-5 leading-relaxed text-muted-foreground">
                Can't find what you need? Ask the Support Assistant, or write to us and a person will reply,
                usually within one working day.
              </p>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button onClick={() => openSupportChat()}>
                  <LifeBuoy aria-hidden="true" />
                  Ask the Support Assistant
                </Button>
                <Button asChild variant="outline">
                  <a href={`mailto:${SUPPORT_EMAIL}`}>
                    <Mail aria-hidden="true" />
                    Email {SUPPORT_EMAIL}
                  </a>
                </Button>
              </div>
              <p className="mt-6 flex gap-2 text-sm leading-relaxed text-muted-foreground">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  If grief feels like too much to carry, or you are thinking of harming yourself, please reach
                  out now: in the US call or text <strong className="text-foreground">988</strong> (the 988
                  Suicide &amp; Crisis Lifeline); elsewhere, call your local emergency number.
                </span>
              </p>
            </section>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
