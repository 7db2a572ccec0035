import { useBlocker } from "@tanstack/react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { builderStore, isDraftDirty } from "./builder-store";

/**
 * Leaving the builder with unsaved changes asks first: in the app with a dialog, when closing or
 * reloading the tab with the browser's own prompt. Switching tabs of the builder (same path) and
 * the move to /program-builder/{id} after the first save are not leaving.
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      isDraftDirty() &&
      next.pathname !== current.pathname &&
      next.pathname !== `/program-builder/${builderStore.programId}`,
    enableBeforeUnload: () => isDraftDirty(),
    withResolver: true,
  });

  return (
    <AlertDialog open={blocker.status === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            You have changes that are not saved to your account yet. They stay on this device and come back
            when you return to this program, but no one else will see them until you save.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay and Keep Editing</AlertDialogCancel>
          <AlertDialogAction onClick={() => blocker.proceed?.()}>Leave</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
