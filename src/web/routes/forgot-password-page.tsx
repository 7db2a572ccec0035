import { Link } from "@tanstack/react-router";
import { Mail } from "lucide-react";
import { Button } from "../components/ui/button";
import { AuthLayout } from "../features/auth/auth-layout";
import { SUPPORT_EMAIL } from "../lib/support-contact";

/** Password resets go through support for now: this page says how, so the login link never dead-ends. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot your password?" description="We'll help you get back to your programs.">
      <div className="grid gap-5 text-center">
        <p className="leading-relaxed text-muted-foreground">
          Write to our support team from the email address you signed up with, and we will help you set a new
          password. Your saved programs stay safe in the meantime.
        </p>
        <Button asChild size="lg" variant="outline">
          <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Password reset")}`}>
            <Mail aria-hidden="true" />
            Email {SUPPORT_EMAIL}
          </a>
        </Button>
        <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}
