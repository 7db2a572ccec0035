import { Link } from "@tanstack/react-router";
import { Download, FolderHeart, Heart, Layers, LayoutTemplate, Palette } from "lucide-react";
import type { ComponentType } from "react";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";

const FEATURES: { title: string; text: string; icon: ComponentType<{ className?: string }> }[] = [
  {
    title: "Beautiful Themes",
    text: "Eight gentle colour themes, from classic navy and gold to soft sage, chosen to honour a life with grace.",
    icon: Palette,
  },
  {
    title: "Professional Layouts",
    text: "Eight-page booklets with sections for photos, tributes, the order of service and words of thanks.",
    icon: LayoutTemplate,
  },
  {
    title: "Easy Export",
    text: "Download a print-ready PDF for your printer, or export the details for your favourite design tool.",
    icon: Download,
  },
  {
    title: "Personal Touch",
    text: "Add cherished photos and heartfelt messages. When words are hard to find, the AI writing helper checks grammar, gently enhances what you wrote and offers writing templates to start from.",
    icon: Heart,
  },
  {
    title: "Save & Share",
    text: "Save your program as a draft and come back to it, so the whole family can help get every detail right.",
    icon: FolderHeart,
  },
  {
    title: "Batch Generator",
    text: "Funeral homes can prepare programs for several services at once, each one still personal, and connect their funeral-home case system to bring in the details without retyping.",
    icon: Layers,
  },
];

/** A quiet sketch of a program's cover, standing in for the real preview on the landing page. */
function CoverSketch() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto aspect-[8.5/11] w-full max-w-xs rounded-md border bg-card p-6 shadow-[0_20px_50px_-20px_rgba(42,44,51,0.35)]"
    >
      <div className="flex h-full flex-col items-center justify-center gap-4 rounded border border-highlight/60 p-4 text-center">
        <p className="text-xs uppercase tracking-[0.3em] text-muted-foreground">In Loving Memory</p>
        <div className="size-24 rounded-full bg-gradient-to-br from-secondary to-accent" />
        <p className="font-serif text-2xl text-primary">Eleanor Grace Whitfield</p>
        <p className="text-sm text-muted-foreground">April 12, 1931 – February 28, 2025</p>
        <div className="h-px w-16 bg-highlight" />
        <p className="font-serif text-sm italic text-muted-foreground">Forever in our hearts</p>
      </div>
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">Sign In</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/register">Create Account</Link>
        </Button>
      </SiteHeader>
      <main className="flex-1">
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
          <div className="space-y-6 text-center lg:text-left">
            <p className="text-sm uppercase tracking-[0.25em] text-muted-foreground">
              Memorial programs, made with care
            </p>
            <h1 className="text-4xl font-medium leading-tight text-primary sm:text-5xl">
              Honor Their Memory With Dignity
            </h1>
            <p className="mx-auto max-w-xl text-lg leading-relaxed text-muted-foreground lg:mx-0">
              Create a beautiful, print-ready memorial program in an evening. Gentle themes, a live preview of
              every page, and a PDF your printer can use the first time.
            </p>
            <div className="flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Button asChild size="lg">
                <Link to="/register">Start Creating Now</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/login">I Have an Account</Link>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">Free to start. No card needed.</p>
          </div>
          <CoverSketch />
        </section>

        <section aria-labelledby="features-heading" className="border-y bg-card/60">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-heading" className="mb-10 text-center text-3xl text-primary">
              Everything you need, gently guided
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ title, text, icon: Icon }) => (
                <li key={title}>
                  <Card className="h-full">
                    <CardHeader>
                      <Icon aria-hidden="true" className="mb-2 size-7 text-highlight" />
                      <CardTitle>{title}</CardTitle>
                    </CardHeader>
                    <CardContent>
                      <p className="leading-relaxed text-muted-foreground">{text}</p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
          <h2 className="mb-4 text-3xl text-primary">A fitting tribute, ready in time</h2>
          <p className="mb-8 text-lg text-muted-foreground">
            Start with a 14-day free trial. We'll walk with you through every page.
          </p>
          <Button asChild size="lg">
            <Link to="/register">Get Started for Free</Link>
          </Button>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
