import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDays, FileText, Home, MapPin, Pencil, Plus, Trash2 } from "lucide-react";
import { formatLifeSpan, formatServiceDateTime } from "../../shared/format-date";
import type { ProgramSummary } from "../../shared/schemas";
import { AppHeader } from "../components/layout/app-header";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../components/ui/alert-dialog";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { ProgramLimitNotice } from "../features/billing/program-limit-notice";
import { apiRequest } from "../lib/api";
import { SUBSCRIPTION_INFO_KEY } from "../lib/entitlements";
import { PROGRAMS_QUERY_KEY } from "../lib/program-queries";
import { toast } from "../lib/toast-store";

export function ProgramsPage() {
  const programs = useQuery<ProgramSummary[]>({ queryKey: PROGRAMS_QUERY_KEY });
  if (programs.error) throw programs.error;

  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-medium text-primary sm:text-4xl">Saved Programs</h1>
            <p className="mt-2 text-muted-foreground">
              Your drafts and finished programs, ready whenever you are.
            </p>
          </div>
          <div className="flex gap-2">
            <Button asChild variant="outline">
              <Link to="/">
                <Home aria-hidden="true" />
                Home
              </Link>
            </Button>
            <Button asChild>
              <Link to="/program-builder">
                <Plus aria-hidden="true" />
                Create New Program
              </Link>
            </Button>
          </div>
        </div>
        <div className="mb-6 empty:hidden">
          <ProgramLimitNotice />
        </div>
        {programs.isPending ? (
          <div className="flex flex-col items-center gap-3 py-20 text-muted-foreground">
            <Spinner label="Loading programs" />
            <p>Loading programs...</p>
          </div>
        ) : programs.data.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {programs.data.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} />
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-dashed bg-card px-6 py-16 text-center">
      <FileText aria-hidden="true" className="mx-auto mb-4 size-10 text-highlight" />
      <h2 className="mb-2 text-2xl text-primary">No programs yet</h2>
      <p className="mb-6 text-muted-foreground">When you save a program it will wait for you here.</p>
      <Button asChild>
        <Link to="/program-builder">Create Your First Program</Link>
      </Button>
    </div>
  );
}

function ProgramCard({ program }: { program: ProgramSummary }) {
  const queryClient = useQueryClient();
  const name = program.fullName || "Untitled program";
  const lifeDates = formatLifeSpan(program.birthDate, program.passingDate);
  const serviceDate = formatServiceDateTime(program.serviceDate);
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/programs/${program.id}`),
    onSuccess: () => toast({ title: "Program deleted successfully" }),
    onError: () => toast({ title: "Failed to delete program", variant: "destructive" }),
    // Refresh either way: a program deleted elsewhere should disappear from the list too.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_INFO_KEY });
      return queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY });
    },
  });

  return (
    <Card className="flex h-full flex-col">
      <CardHeader>
        <CardTitle className="text-primary">{name}</CardTitle>
        {lifeDates && <p className="text-sm text-muted-foreground">{lifeDates}</p>}
      </CardHeader>
      <CardContent className="flex-1 space-y-2 text-sm">
        <p className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{serviceDate || "Service date not set"}</span>
        </p>
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{program.location || "Location not set"}</span>
        </p>
      </CardContent>
      <CardFooter className="gap-2">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to="/program/$id" params={{ id: program.id }} aria-label={`Edit ${name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="ghost"
              size="sm"
              className="flex-1 text-destructive"
              disabled={remove.isPending}
              aria-label={`Delete ${name}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete this program?</AlertDialogTitle>
              <AlertDialogDescription>
                The program for {name} will be removed permanently. This cannot be undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep It</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={() => remove.mutate()}>
                Delete Program
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardFooter>
    </Card>
  );
}
