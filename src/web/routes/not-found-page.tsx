import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4 py-12">
      <Card className="w-full max-w-md shadow-sm">
        <CardContent className="grid gap-4 pt-6 text-center">
          <Compass aria-hidden="true" className="mx-auto size-10 text-highlight" />
          <h1 className="text-2xl font-semibold text-primary">404 Page Not Found</h1>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild>
            <Link to="/">Return Home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
