import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { createRoot } from "react-dom/client";
import { AppErrorBoundary } from "./components/app-error-boundary";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { SupportWidgetHost } from "./features/support/support-widget-host";
import { installErrorCapture } from "./lib/error-report";
import { createQueryClient } from "./lib/query-client";
import { createAppRouter } from "./router";

installErrorCapture();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const app = (
  <QueryClientProvider client={queryClient}>
    <TooltipProvider>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
      <SupportWidgetHost router={router} />
      <Toaster />
    </TooltipProvider>
  </QueryClientProvider>
);

const el = document.getElementById("root");
if (el) {
  if (import.meta.hot) {
    // In development the root survives hot reloads.
    import.meta.hot.data.root ??= createRoot(el);
    import.meta.hot.data.root.render(app);
  } else {
    createRoot(el).render(app);
  }
}
