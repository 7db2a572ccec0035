import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { FileText, Layers, LogOut, MonitorSmartphone, Plus } from "lucide-react";
import { useState } from "react";
import { PlanLink } from "../../features/billing/plan-link";
import { forgetDraftSession } from "../../features/builder/builder-store";
import { removeUserLocalDrafts, userLocalDrafts } from "../../features/builder/local-draft";
import { apiRequest, messageOf } from "../../lib/api";
import { USER_QUERY_KEY, useSession } from "../../lib/session";
import { toast } from "../../lib/toast-store";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { SiteHeader } from "./site-header";

type SignOutScope = "device" | "everywhere";

const draftName = (program: { fullName: string } | null) => program?.fullName.trim() || "a new program";

/**
 * The signed-in header: My Programs, Batch Generator, the plan, Create Program, Sign Out and Sign
 * Out Everywhere. Signing out removes this account's unsaved drafts from the browser (funeral homes
 * share computers); when there are any, a dialog says so first.
 */
export function AppHeader() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [pending, setPending] = useState<{ scope: SignOutScope; drafts: string[] } | null>(null);

  const signOut = async (scope: SignOutScope) => {
    try {
      await apiRequest("POST", scope === "everywhere" ? "/api/logout/everywhere" : "/api/logout");
      if (user) removeUserLocalDrafts(user.id);
      forgetDraftSession();
      // Nothing of the previous account may stay cached in this tab.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      await navigate({ to: "/" });
      if (scope === "everywhere") {
        toast({
          title: "Signed out everywhere",
          description: "Every device signed in to your account is signed out.",
        });
      }
    } catch (error) {
      toast({
        title: "Sign out failed",
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      });
    }
  };

  const askThenSignOut = (scope: SignOutScope) => {
    const drafts = user ? userLocalDrafts(user.id).map((d) => draftName(d.program)) : [];
    if (drafts.length === 0) return signOut(scope);
    setPending({ scope, drafts });
  };

  return (
    <SiteHeader>
      <Button asChild variant="ghost" size="sm">
        <Link to="/programs">
          <FileText aria-hidden="true" />
          My Programs
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to="/batch-generator">
          <Layers aria-hidden="true" />
          Batch Generator
        </Link>
      </Button>
      <PlanLink />
      <Button asChild size="sm">
        <Link to="/program-builder">
          <Plus aria-hidden="true" />
          Create Program
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => askThenSignOut("device")}>
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => askThenSignOut("everywhere")}
        title="Sign out on every computer and phone signed in to your account"
      >
        <MonitorSmartphone aria-hidden="true" />
        Sign Out Everywhere
      </Button>
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove unsaved changes from this computer?</AlertDialogTitle>
            <AlertDialogDescription>
              This computer keeps changes you have not saved to your account for{" "}
              {pending?.drafts.length === 1 ? "one program" : `${pending?.drafts.length} programs`}:{" "}
              {pending?.drafts.join(", ")}. Signing out removes them, so the next person using this computer
              cannot read them. To keep them, stay and save first.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Stay and Save First</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => pending && signOut(pending.scope)}>
              Sign Out and Remove Them
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </SiteHeader>
  );
}
