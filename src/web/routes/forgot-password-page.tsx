import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { forgotPasswordSchema } from "../../shared/schemas";
import { Button } from "../components/ui/button";
import { AuthLayout } from "../features/auth/auth-layout";
import { firstErrorPerField } from "../features/auth/form-errors";
import { FormField } from "../features/auth/form-field";
import { apiRequest, messageOf } from "../lib/api";
import { toast } from "../lib/toast-store";

/** Asks for the email and always answers the same way, so nobody learns which emails have accounts. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const request = useMutation({
    mutationFn: (input: { email: string }) =>
      apiRequest<{ message: string }>("POST", "/api/password/forgot", input),
    onError: (failure) =>
      toast({
        title: "We couldn't send the link",
        description: messageOf(failure, "Please try again in a moment."),
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    setError(parsed.success ? undefined : firstErrorPerField(parsed.error).email);
    if (parsed.success) request.mutate(parsed.data);
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email you signed up with and we'll send you a link to set a new one."
    >
      {request.data ? (
        <div className="grid gap-5 text-center" role="status">
          <MailCheck aria-hidden="true" className="mx-auto size-10 text-highlight" />
          <p className="leading-relaxed">{request.data.message}</p>
          <p className="text-sm leading-relaxed text-muted-foreground">
            If it doesn't arrive in a few minutes, check your spam folder, or try again.
          </p>
          <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Back to Sign In
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-5">
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <Button type="submit" size="lg" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
          <Link
            to="/login"
            className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Back to Sign In
          </Link>
        </form>
      )}
    </AuthLayout>
  );
}
