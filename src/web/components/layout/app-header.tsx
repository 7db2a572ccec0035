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
/** How to sign out: where, and (everywhere) whether the account's API keys are revoked too. */
type SignOut = { scope: SignOutScope; revokeApiKeys?: boolean };

const keyCount = (n: number) => (n === 1 ? "one API key" : `${n} API keys`);

const draftName = (program: { fullName: string } | null) => program?.fullName.trim() || "a new program";

/**
 * The signed-in header: My Programs, Batch Generator, the plan, Create Program, Sign Out and Sign
 * Out Everywhere. Signing out removes this account's unsaved drafts from the browser (funeral homes
 * share computers); when there are any, a dialog says so first. API keys outlive sessions, so Sign
 * Out Everywhere first says how many are active and offers to revoke them in the same step.
 */
export function AppHeader() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [pending, setPending] = useState<(SignOut & { drafts: string[] }) | null>(null);
  const [activeKeys, setActiveKeys] = useState<number | null>(null);

  const signOut = async ({ scope, revokeApiKeys = false }: SignOut) => {
    try {
      let revoked = 0;
      if (scope === "everywhere") {
        const answer = await apiRequest<{ revokedApiKeys: number }>("POST", "/api/logout/everywhere", {
          revokeApiKeys,
        });
        revoked = answer.revokedApiKeys;
      } else {
        await apiRequest("POST", "/api/logout");
      }
      if (user) removeUserLocalDrafts(user.id);
      forgetDraftSession();
      // Nothing of the previous account may stay cached in this tab.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      await navigate({ to: "/" });
      if (scope === "everywhere") {
        toast({
          title: "Signed out everywhere",
          description:
            revoked > 0
              ? `Every device signed in to your account is signed out, and ${keyCount(revoked)} revoked.`
              : "Every device signed in to your account is signed out.",
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

  const askAboutDrafts = async (choice: SignOut) => {
    const drafts = user ? userLocalDrafts(user.id).map((d) => draftName(d.program)) : [];
    if (drafts.length === 0) await signOut(choice);
    else setPending({ ...choice, drafts });
  };

  const askThenSignOut = async (scope: SignOutScope) => {
    if (scope === "everywhere") {
      // When the count cannot be read, signing out still goes ahead: it must never be blocked.
      const active = await apiRequest<{ active: number }>("GET", "/api/auth/api-keys")
        .then((answer) => answer.active)
        .catch(() => 0);
      if (active > 0) return setActiveKeys(active);
    }
    return askAboutDrafts({ scope });
  };

  const chooseKeys = (revokeApiKeys: boolean) => {
    setActiveKeys(null);
    return askAboutDrafts({ scope: "everywhere", revokeApiKeys });
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
            <AlertDialogAction variant="destructive" onClick={() => pending && signOut(pending)}>
              Sign Out and Remove Them
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={activeKeys !== null} onOpenChange={(open) => !open && setActiveKeys(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Also revoke your API keys?</AlertDialogTitle>
            <AlertDialogDescription>
              Your account has {keyCount(activeKeys ?? 0)} active. Keys keep working after you sign out, so a
              case system using them carries on. If someone else may have used your account, revoke them too;
              a case system will then need a new key.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => chooseKeys(false)}>Sign Out, Keep Keys</AlertDialogAction>
            <AlertDialogAction variant="destructive" onClick={() => chooseKeys(true)}>
              Sign Out and Revoke Keys
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </SiteHeader>
  );
}
