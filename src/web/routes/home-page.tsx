import { Link, type LinkProps, useNavigate } from "@tanstack/react-router";
import {
  Building2,
  Eye,
  FolderHeart,
  Images,
  Layers,
  LayoutTemplate,
  Palette,
  Printer,
  Sparkles,
} from "lucide-react";
import type { ComponentType } from "react";
import { sampleProgram } from "../../shared/sample-program";
import { AppHeader } from "../components/layout/app-header";
import { SiteFooter } from "../components/layout/site-footer";
import { Button } from "../components/ui/button";
import { EXAMPLE_PROGRAM_STORAGE_KEY } from "../features/builder/example-program";
import { EmotionalChat } from "../features/support/emotional-chat";
import { useSession } from "../lib/session";

type FeatureCard = {
  title: string;
  text: string;
  icon: ComponentType<{ className?: string }>;
  link: Pick<LinkProps, "to" | "search">;
};

const FEATURE_CARDS: FeatureCard[] = [
  {
    title: "Colour Themes",
    text: "Eight calm palettes for every kind of farewell.",
    icon: Palette,
    link: { to: "/program-builder", search: { tab: "design", focus: "themes" } },
  },
  {
    title: "Page Layouts",
    text: "Standard, modern, minimalist or elegant pages.",
    icon: LayoutTemplate,
    link: { to: "/program-builder", search: { tab: "design", focus: "layouts" } },
  },
  {
    title: "Print Ready",
    text: "PDFs with bleed and crop marks for any printer.",
    icon: Printer,
    link: { to: "/program-builder", search: { tab: "export", focus: "print" } },
  },
  {
    title: "Live Preview",
    text: "See every page of the booklet as you type.",
    icon: Eye,
    link: { to: "/program-builder" },
  },
  {
    title: "Photo Memories",
    text: "Up to eight photos with captions and placement.",
    icon: Images,
    link: { to: "/program-builder", search: { tab: "content", focus: "photos" } },
  },
  {
    title: "Saved Programs",
    text: "Return to your drafts whenever you are ready.",
    icon: FolderHeart,
    link: { to: "/programs" },
  },
  {
    title: "Batch Generator",
    text: "Prepare programs for several services at once.",
    icon: Layers,
    link: { to: "/batch-generator" },
  },
  {
    title: "AI Writing Helper",
    text: "Gentle help with grammar, tone and first drafts.",
    icon: Sparkles,
    link: { to: "/program-builder", search: { tab: "ai-writing" } },
  },
  {
    title: "Funeral Home Integration",
    text: "Connect Keepsake to your funeral home's systems.",
    icon: Building2,
    link: { to: "/funeral-integration" },
  },
];

export function HomePage() {
  const { user } = useSession();
  const navigate = useNavigate();

  const viewExamples = () => {
    localStorage.setItem(EXAMPLE_PROGRAM_STORAGE_KEY, JSON.stringify(sampleProgram()));
    void navigate({ to: "/program-builder", search: { example: true } });
  };

  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="flex-1">
        <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 md:py-20">
          {user && <p className="mb-3 text-muted-foreground">Welcome, {user.firstName}.</p>}
          <h1 className="mb-5 text-4xl font-medium leading-tight text-primary sm:text-5xl">
            Create a Beautiful Memorial Program
          </h1>
          <p className="mx-auto mb-8 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Gather the details, choose a gentle design and watch the booklet take shape page by page. Save as
            you go; nothing is printed until it is right.
          </p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/program-builder">Start Creating Now</Link>
            </Button>
            <Button size="lg" variant="outline" onClick={viewExamples}>
              View Examples
            </Button>
          </div>
        </section>

        <section aria-labelledby="tools-heading" className="border-y bg-card/60">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="tools-heading" className="mb-8 text-center text-3xl text-primary">
              Everything in one place
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURE_CARDS.map(({ title, text, icon: Icon, link }) => (
                <li key={title}>
                  <Link
                    {...link}
                    className="group flex h-full items-start gap-4 rounded-lg border bg-card p-5 transition-colors hover:border-primary/40 hover:bg-secondary/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-highlight" />
                    <span>
                      <span className="block font-serif text-lg font-semibold text-primary">{title}</span>
                      <span className="mt-1 block text-sm leading-relaxed text-muted-foreground">{text}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
          <h2 className="mb-4 text-3xl text-primary">Ready when you are</h2>
          <p className="mb-8 text-lg text-muted-foreground">
            Begin a new program; you can save and return at any time.
          </p>
          <Button asChild size="lg">
            <Link to="/program-builder">Get Started for Free</Link>
          </Button>
        </section>
      </main>
      <SiteFooter />
      <EmotionalChat currentPage="home" />
    </div>
  );
}
