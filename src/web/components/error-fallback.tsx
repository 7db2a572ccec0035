import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown, LifeBuoy, RotateCcw, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import {
  announceErrorDetected,
  buildErrorReport,
  openSupportChat,
  reportClientError,
} from "../lib/error-report";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";

type ErrorFallbackProps = { error: Error; componentStack?: string; onReset: () => void };

/** The error screen: what happened, details on request, Try Again, Get Help and an Error ID. */
export function ErrorFallback({ error, componentStack, onReset }: ErrorFallbackProps) {
  const [errorId] = useState(() => `ERR-${Date.now().toString(36).toUpperCase()}`);
  const [analyzing, setAnalyzing] = useState(false);

  useEffect(() => {
    const report = buildErrorReport(error, componentStack);
    void reportClientError(report).then((analysis) =>
      announceErrorDetected({ error: report.error, type: report.context.type, analysis }),
    );
  }, [error, componentStack]);

  const tryAgain = async () => {
    setAnalyzing(true);
    await reportClientError(buildErrorReport(error, componentStack));
    setAnalyzing(false);
    onReset();
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4 py-12">
      <Card className="w-full max-w-lg shadow-sm">
        <CardHeader className="items-center text-center">
          <TriangleAlert aria-hidden="true" className="mb-2 size-10 text-destructive" />
          <CardTitle role="heading" aria-level={1} className="text-2xl">
            Something went wrong
          </CardTitle>
          <CardDescription className="text-base">
            We're sorry for the interruption. Our support assistant has been notified automatically, and your
            saved programs are safe.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Collapsible.Root>
            <Collapsible.Trigger asChild>
              <Button variant="ghost" size="sm" className="group w-full justify-between">
                Error Details
                <ChevronDown
                  aria-hidden="true"
                  className="transition-transform group-data-[state=open]:rotate-180"
                />
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-sm">
                {error.message}
              </pre>
            </Collapsible.Content>
          </Collapsible.Root>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button className="flex-1" onClick={tryAgain} disabled={analyzing}>
              <RotateCcw aria-hidden="true" />
              {analyzing ? "Analyzing..." : "Try Again"}
            </Button>
            <Button
              className="flex-1"
              variant="outline"
              onClick={() => openSupportChat(`I ran into an error: ${error.message}`)}
            >
              <LifeBuoy aria-hidden="true" />
              Get Help
            </Button>
          </div>
          <p className="text-center text-xs text-muted-foreground">Error ID: {errorId}</p>
        </CardContent>
      </Card>
    </main>
  );
}
