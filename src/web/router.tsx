import type { QueryClient } from "@tanstack/react-query";
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  type RouteComponent,
} from "@tanstack/react-router";
import type { ComponentType } from "react";
import { RouteErrorFallback } from "./components/route-error-fallback";
import { Spinner } from "./components/ui/spinner";
import { BatchGeneratorPage } from "./features/batch/batch-generator-page";
import { parseBuilderSearch } from "./features/builder/builder-search";
import { useSession } from "./lib/session";
import { BuilderPage } from "./routes/builder-page";
import { CheckoutPage } from "./routes/checkout-page";
import { ForgotPasswordPage } from "./routes/forgot-password-page";
import { HomePage } from "./routes/home-page";
import { LandingPage } from "./routes/landing-page";
import { LoginPage } from "./routes/login-page";
import { NotFoundPage } from "./routes/not-found-page";
import { ProgramsPage } from "./routes/programs-page";
import { RegisterPage } from "./routes/register-page";
import { ResetPasswordPage } from "./routes/reset-password-page";
import { SubscriptionPage } from "./routes/subscription-page";
import { SupportPage } from "./routes/support-page";

// Route availability: a spinner while the session loads; signed-out visitors get the
// landing page for every path but /login and /register; signed-in users get the app and a 404 page.

function RootLayout() {
  const { isLoading, error } = useSession();
  if (error) throw error;
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  return <Outlet />;
}

/** A signed-in screen; signed-out visitors see the landing page at the same address. */
const signedIn = (Screen: ComponentType) =>
  function SignedInOnly() {
    const { user } = useSession();
    return user ? <Screen /> : <LandingPage />;
  };

/** A signed-out screen; a signed-in user has nothing to do there and goes home. */
const signedOut = (Screen: ComponentType) =>
  function SignedOutOnly() {
    const { user } = useSession();
    return user ? <Navigate to="/" replace /> : <Screen />;
  };

function HomeOrLanding() {
  const { user } = useSession();
  return user ? <HomePage /> : <LandingPage />;
}

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: signedIn(NotFoundPage),
});

const route = (path: string, component: RouteComponent) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const builderRoute = (path: string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: signedIn(BuilderPage),
    validateSearch: parseBuilderSearch,
  });

const routeTree = rootRoute.addChildren([
  route("/", HomeOrLanding),
  route("/login", signedOut(LoginPage)),
  route("/register", signedOut(RegisterPage)),
  route("/forgot-password", signedOut(ForgotPasswordPage)),
  route("/reset-password", ResetPasswordPage),
  builderRoute("/program-builder"),
  builderRoute("/program-builder/$id"),
  // The list's Edit link reads /program/{id}: the same builder.
  builderRoute("/program/$id"),
  route("/programs", signedIn(ProgramsPage)),
  route("/batch-generator", signedIn(BatchGeneratorPage)),
  createRoute({
    getParentRoute: () => rootRoute,
    path: "/funeral-integration",
    component: signedIn(
      lazyRouteComponent(() => import("./routes/funeral-integration-page"), "FuneralIntegrationPage"),
    ),
  }),
  // The plans page shows its own sign-in prompt to a signed-out visitor.
  createRoute({
    getParentRoute: () => rootRoute,
    path: "/subscription",
    component: SubscriptionPage,
    validateSearch: (search: Record<string, unknown>): { payment?: string } =>
      typeof search.payment === "string" ? { payment: search.payment } : {},
  }),
  route("/subscribe/$tier/$billing", signedIn(CheckoutPage)),
  // A checkout address missing its tier or billing says so and returns to the plans.
  route("/subscribe", signedIn(CheckoutPage)),
  route("/subscribe/$tier", signedIn(CheckoutPage)),
  route("/support", SupportPage),
]);

export const createAppRouter = (queryClient: QueryClient) =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultErrorComponent: RouteErrorFallback,
  });

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
