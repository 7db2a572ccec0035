import * as Dialog from "@radix-ui/react-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { FileText, Layers, LogOut, Menu, MonitorSmartphone, Plus, X } from "lucide-react";
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
 * Out Everywhere; below the lg breakpoint they would wrap to three lines, so there they open from a
 * Menu button. Sign Out Everywhere always asks first: it signs out
 * the family's other devices too, and sits next to Sign Out where a thumb can slip. Signing out removes this account's unsaved drafts from the browser (funeral homes
 * share computers); when there are any, a dialog says so first. API keys outlive sessions, so Sign
 * Out Everywhere first says how many are active and offers to revoke them in the same step.
 */
export function AppHeader() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const [pending, setPending] = useState<(SignOut & { drafts: string[] }) | null>(null);
  const [activeKeys, setActiveKeys] = useState<number | null>(null);
  const [confirmEverywhere, setConfirmEverywhere] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

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
    setMenuOpen(false);
    if (scope === "everywhere") {
      // When the count cannot be read, signing out still goes ahead: it must never be blocked.
      const active = await apiRequest<{ active: number }>("GET", "/api/auth/api-keys")
        .then((answer) => answer.active)
        .catch(() => 0);
      // The API-key question has its own Cancel, so it is the confirmation.
      return active > 0 ? setActiveKeys(active) : setConfirmEverywhere(true);
    }
    return askAboutDrafts({ scope });
  };

  const confirmSignOutEverywhere = () => {
    setConfirmEverywhere(false);
    return askAboutDrafts({ scope: "everywhere" });
  };

  const closeMenu = () => setMenuOpen(false);
  const links = (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/programs" onClick={closeMenu}>
          <FileText aria-hidden="true" />
          My Programs
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to="/batch-generator" onClick={closeMenu}>
          <Layers aria-hidden="true" />
          Batch Generator
        </Link>
      </Button>
      <PlanLink />
    </>
  );
  const createProgram = (
    <Button asChild size="sm">
      <Link to="/program-builder" onClick={closeMenu}>
        <Plus aria-hidden="true" />
        Create Program
      </Link>
    </Button>
  );
  const signOutButtons = (
    <>
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
    </>
  );

  const chooseKeys = (revokeApiKeys: boolean) => {
    setActiveKeys(null);
    return askAboutDrafts({ scope: "everywhere", revokeApiKeys });
  };

  return (
    <SiteHeader>
      <div className="hidden items-center gap-2 lg:flex">
        {links}
        {createProgram}
        {signOutButtons}
      </div>
      <div className="lg:hidden">
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger asChild>
            <Button variant="outline" size="sm" className="h-11">
              <Menu aria-hidden="true" />
              Menu
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
            <Dialog.Content className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto rounded-b-lg border-b bg-card p-4 shadow-lg sm:left-auto sm:right-4 sm:top-4 sm:w-80 sm:rounded-lg sm:border">
              <div className="mb-2 flex items-center justify-between">
                <Dialog.Title className="font-serif text-xl font-semibold text-primary">Menu</Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" className="size-11" aria-label="Close menu">
                    <X aria-hidden="true" />
                  </Button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">Where to go next, and signing out.</Dialog.Description>
              {/* A whole row per item, 44 px tall: easy to hit with a thumb, hard to hit by mistake. */}
              <nav
                aria-label="Menu"
                className="grid gap-1 [&_a]:h-11 [&_a]:w-full [&_a]:justify-start [&_button]:h-11 [&_button]:w-full [&_button]:justify-start"
              >
                {createProgram}
                {links}
                <div className="mt-2 grid gap-1 border-t pt-2">{signOutButtons}</div>
              </nav>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
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
      <AlertDialog open={confirmEverywhere} onOpenChange={setConfirmEverywhere}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign out on every device?</AlertDialogTitle>
            <AlertDialogDescription>
              Every computer and phone signed in to your account will be signed out, this one too. You can
              sign in again at any time.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirmSignOutEverywhere}>Sign Out Everywhere</AlertDialogAction>
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
