import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { FileText, Layers, LogOut, Plus } from "lucide-react";
import { PlanLink } from "../../features/billing/plan-link";
import { apiRequest, messageOf } from "../../lib/api";
import { USER_QUERY_KEY } from "../../lib/session";
import { toast } from "../../lib/toast-store";
import { Button } from "../ui/button";
import { SiteHeader } from "./site-header";

/** The signed-in header: My Programs, Batch Generator, the plan, Create Program and Sign Out. */
export function AppHeader() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await apiRequest("POST", "/api/logout");
      // Nothing of the previous account may stay cached in this tab.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      await navigate({ to: "/" });
    } catch (error) {
      toast({
        title: "Sign out failed",
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      });
    }
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
      <Button variant="ghost" size="sm" onClick={signOut}>
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </SiteHeader>
  );
}
