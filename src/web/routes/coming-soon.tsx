import { Link } from "@tanstack/react-router";
import { Flower2 } from "lucide-react";
import { AppHeader } from "../components/layout/app-header";
import { Button } from "../components/ui/button";

/** Stands in for a screen that a later piece of work delivers, so no route is ever blank. */
export function ComingSoonPage({ screen, text }: { screen: string; text: string }) {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <div className="max-w-lg text-center">
          <Flower2 aria-hidden="true" className="mx-auto mb-4 size-10 text-highlight" />
          <h1 className="mb-3 text-3xl font-medium text-primary">{screen}</h1>
          <p className="mb-2 text-lg text-muted-foreground">Coming soon.</p>
          <p className="mb-8 leading-relaxed text-muted-foreground">{text}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild>
              <Link to="/program-builder">Create a Program</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
