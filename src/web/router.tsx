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
import { parseBuilderSearch } from "./features/builder/builder-search";
import { useSession } from "./lib/session";
import { LandingPage } from "./routes/landing-page";

// Every screen but the landing page loads when first opened: a visitor's first page
// carries only what it shows.
const BatchGeneratorPage = lazyRouteComponent(
  () => import("./features/batch/batch-generator-page"),
  "BatchGeneratorPage",
);
const BuilderPage = lazyRouteComponent(() => import("./routes/builder-page"), "BuilderPage");
const CheckoutPage = lazyRouteComponent(() => import("./routes/checkout-page"), "CheckoutPage");
const ForgotPasswordPage = lazyRouteComponent(
  () => import("./routes/forgot-password-page"),
  "ForgotPasswordPage",
);
const HomePage = lazyRouteComponent(() => import("./routes/home-page"), "HomePage");
const LoginPage = lazyRouteComponent(() => import("./routes/login-page"), "LoginPage");
const RegisterPage = lazyRouteComponent(() => import("./routes/register-page"), "RegisterPage");
const NotFoundPage = lazyRouteComponent(() => import("./routes/not-found-page"), "NotFoundPage");
const ProgramsPage = lazyRouteComponent(() => import("./routes/programs-page"), "ProgramsPage");
const ResetPasswordPage = lazyRouteComponent(
  () => import("./routes/reset-password-page"),
  "ResetPasswordPage",
);
const SubscriptionPage = lazyRouteComponent(() => import("./routes/subscription-page"), "SubscriptionPage");
const FuneralIntegrationPage = lazyRouteComponent(
  () => import("./routes/funeral-integration-page"),
  "FuneralIntegrationPage",
);
const SupportPage = lazyRouteComponent(() => import("./routes/support-page"), "SupportPage");

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
    component: signedIn(FuneralIntegrationPage),
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
